import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OptionsOf } from '../src/commands/define.ts';
import type { createDef, sayDef } from '../src/commands/calls/index.ts';
import { credentialsFrom } from '../src/commands/webhook-credentials.ts';
import type { GlobalOptions } from '../src/global-flags.ts';
import { harness } from './harness.ts';

/** gh's runF: each command's parsing, checked without running it (no server, no client). */
describe('parsing alone (the runF seam)', () => {
  it('calls say: the arguments by name, the flags by their attribute, nothing run', async () => {
    const cli = harness();
    const { code, parsed } = await cli.parse('calls', 'say', 'call-1', 'One moment', '--end-after');
    expect(code).toBe(0);
    expect(parsed?.path).toBe('calls say');
    expect(parsed?.opts).toEqual({
      id: 'call-1',
      text: 'One moment',
      endAfter: true,
      publicKey: undefined,
      dryRun: undefined,
    });
    expect(cli.stdout.text + cli.stderr.text).toBe('');
  });

  it('calls create: parsers turn durations into ms, defaults fill what is not given', async () => {
    const { parsed } = await harness().parse(
      'calls',
      'create',
      '--assistant',
      'Reception',
      '--phone-number',
      'pn-1',
      '--to',
      '+61400000000',
      '--interval',
      '500ms',
      '--watch',
    );
    expect(parsed?.opts).toMatchObject({
      assistant: 'Reception',
      phoneNumber: 'pn-1',
      to: '+61400000000',
      interval: 500,
      maxOutage: 300_000,
      watch: true,
    });
  });

  it('a bad value is refused by its parser (exit 2, the existing message) and nothing runs', async () => {
    const cli = harness();
    const { code, parsed } = await cli.parse('assistants', 'list', '--limit', '0');
    expect(code).toBe(2);
    expect(parsed).toBeUndefined();
    expect(cli.stderr.text).toContain(
      "voxdesk: option '--limit <n>' argument '0' is invalid. use a whole number from 1 (with --all: 1 to 1000).",
    );
  });

  it('a missing required flag is exit 2 before anything runs', async () => {
    const cli = harness();
    const { code, parsed } = await cli.parse('calls', 'create', '--assistant', 'a', '--to', '+61400000000');
    expect(code).toBe(2);
    expect(parsed).toBeUndefined();
    expect(cli.stderr.text).toBe(
      "voxdesk: required option '--phone-number <id>' not specified\n(add --help for usage and examples)\n",
    );
  });

  it('generated lists: row flags arrive in opts.query, --filter is collected, globals go to deps', async () => {
    const files = await harness().parse('files', 'list', '--purpose', 'knowledge-base', '--limit', '3');
    expect(files.parsed?.opts).toMatchObject({ limit: 3, query: { purpose: 'knowledge-base' } });
    const calls = await harness().parse(
      '--profile',
      'staging',
      'calls',
      'list',
      '--filter',
      'assistantId=a1',
      '--filter',
      'createdAtGt=2026-01-01',
      '--failed',
      '--format',
      'json',
    );
    expect(calls.parsed?.path).toBe('calls list');
    expect(calls.parsed?.opts).toMatchObject({
      filter: ['assistantId=a1', 'createdAtGt=2026-01-01'],
      failed: true,
      query: {},
    });
    expect(calls.parsed?.deps.globals).toMatchObject({ profile: 'staging', format: 'json', retry: true });
    expect(calls.parsed?.deps.format).toBe('json');
  });

  it('variadic and optional arguments: [] and undefined when not given', async () => {
    expect((await harness().parse('convert')).parsed?.opts).toEqual({ assistants: [], dir: 'vapi' });
    expect((await harness().parse('apply', '--yes')).parsed?.opts).toMatchObject({
      plan: undefined,
      yes: true,
    });
    expect((await harness().parse('eval', 'run', 'a', 'b')).parsed?.opts).toMatchObject({
      evals: ['a', 'b'],
    });
  });
});

describe('types from the declarations', () => {
  it('flag strings become typed keys; renaming a flag breaks its readers', () => {
    type Say = OptionsOf<typeof sayDef>;
    expectTypeOf<Say>().toEqualTypeOf<{
      id: string;
      text: string;
      endAfter?: boolean | undefined;
      publicKey?: string | undefined;
      dryRun?: boolean | undefined;
    }>();
    type Create = OptionsOf<typeof createDef>;
    expectTypeOf<Create['interval']>().toEqualTypeOf<number>();
    expectTypeOf<Create['phoneNumber']>().toEqualTypeOf<string>();
    expectTypeOf<Create['json']>().toEqualTypeOf<string | true | undefined>();
    // @ts-expect-error -- `--phone-number` is read as phoneNumber; a stale name does not compile.
    expectTypeOf<Create['phone_number']>().toBeString();
    expectTypeOf<GlobalOptions['color']>().toEqualTypeOf<boolean | 'always' | 'never' | 'auto' | undefined>();
    expectTypeOf<GlobalOptions['retry']>().toEqualTypeOf<boolean>();
  });
});

describe('options objects carry every declared key', () => {
  it('--hmac-* flags count only when given (undefined keys are not flags)', () => {
    expect(
      credentialsFrom({ secret: ['s'], hmacAlgorithm: undefined, hmacNoTimestamp: undefined }, ['s']),
    ).toEqual(['s']);
    expect(() => credentialsFrom({ hmacPrefix: undefined }, [])).not.toThrow();
    expect(() => credentialsFrom({ hmacPrefix: 'v1=' }, [])).toThrow(/--hmac-\* flags describe/);
  });
});

/** Flags are read through the declarations only: no unchecked casts can come back. */
describe('no unchecked flag casts in cli/src', () => {
  const CASTS = [
    { name: 'opts<T>()', pattern: /\bopts(?:WithGlobals)?\s*</ },
    { name: 'processedArgs … as', pattern: /processedArgs(?:\s*\[[^\]]*\])?\s+as\b/ },
    { name: 'args … as', pattern: /\.args(?:\s*\[[^\]]*\])?\s+as\b/ },
  ];

  async function sources(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => join(entry.parentPath, entry.name));
  }

  it('finds none (and the patterns do match a cast)', async () => {
    expect(CASTS[0]!.pattern.test('command.opts<{ yes?: boolean }>()')).toBe(true);
    expect(CASTS[0]!.pattern.test('command.optsWithGlobals<GlobalOptions>()')).toBe(true);
    expect(CASTS[1]!.pattern.test('command.processedArgs[0] as string')).toBe(true);
    expect(CASTS[1]!.pattern.test('command.processedArgs as [string, string]')).toBe(true);
    const root = join(import.meta.dirname, '..', 'src');
    const found: string[] = [];
    for (const file of await sources(root)) {
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const { name, pattern } of CASTS)
          if (pattern.test(line)) found.push(`${relative(root, file)}:${index + 1}: ${name}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
