import { expect, test } from '@playwright/test';
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';
import { startTestPostgres, type TestPostgres } from '../../packages/auth/src/testing/postgres-server.ts';
import { SNIPPET_IDS } from './snippets-prelude.ts';

/**
 * The docs are tested like code. Every fenced TypeScript/JavaScript and shell block in the
 * README, the guides (docs/*.md), the package and example READMEs is either run or excused:
 *
 * - a `ts`/`js` block type-checks against the packages' real types and then runs (Node's type
 *   stripping) against the fake Vapi on loopback, with `VAPI_TOKEN`/`VAPI_BASE_URL` set;
 * - a `ts` block marked `<!-- snippet: serve -->` starts a server: it must still be up, quiet,
 *   after 3 s (then it is stopped);
 * - a shell block runs only when marked `<!-- snippet: run -->`, in a temporary HOME, with the
 *   built `voxdesk` and `vapi-mock` on PATH and the same variables; one that calls `psql` gets
 *   a throw-away PostgreSQL server whose superuser `PGHOST`/`PGPORT`/`PGUSER` name;
 * - any block that cannot run carries `<!-- snippet: typecheck — why -->` (TypeScript that is
 *   checked but not run) or `<!-- snippet: skip — why -->` on the line before its fence. The
 *   reason is required; the test lists every excuse so they stay visible.
 *
 * Names a page uses without defining them (a reader's surrounding code) are declared by the
 * page: `<!-- snippet-prelude: id assistantId -->` imports them from snippets-prelude.ts, which
 * gives them real values from the seeded fake. No block may reach anything but loopback: a
 * guard refuses any other fetch.
 */

const root = join(import.meta.dirname, '../..');
const exec = promisify(execFile);

const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter(
      (name) => name.endsWith('.md') && !['cli.md', 'endpoints.md', 'server-messages.md'].includes(name),
    )
    .map((name) => `docs/${name}`),
  'sdk/README.md',
  'cli/README.md',
  'packages/auth/README.md',
  'packages/vapi-mock/README.md',
  'examples/README.md',
  'examples/assistants-as-code/README.md',
];

type Kind = 'ts' | 'sh';
type Mode = 'run' | 'serve' | 'typecheck' | 'skip' | 'unmarked';

interface Block {
  page: string;
  line: number;
  kind: Kind;
  code: string;
  mode: Mode;
  reason?: string;
  prelude: string[];
}

const LANGS: Record<string, Kind> = {
  ts: 'ts',
  typescript: 'ts',
  js: 'ts',
  javascript: 'ts',
  sh: 'sh',
  bash: 'sh',
  shell: 'sh',
};

function blocksOf(page: string): Block[] {
  const text = readFileSync(join(root, page), 'utf8');
  const prelude = [...text.matchAll(/<!-- snippet-prelude: ([\w ]+?) -->/g)].flatMap((m) =>
    m[1]!.split(/\s+/),
  );
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!fence) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    const kind = LANGS[fence[1]!];
    if (kind) {
      let previous = i - 1;
      while (previous >= 0 && lines[previous]!.trim() === '') previous--;
      const marker = /^<!-- snippet: (run|serve|typecheck|skip)(?: — (.+?))? -->$/.exec(
        lines[previous]?.trim() ?? '',
      );
      blocks.push({
        page,
        line: i + 1,
        kind,
        code: lines.slice(i + 1, end).join('\n'),
        mode: (marker?.[1] as Mode | undefined) ?? (kind === 'ts' ? 'run' : 'unmarked'),
        reason: marker?.[2],
        prelude,
      });
    }
    i = end;
  }
  return blocks;
}

const all = PAGES.flatMap(blocksOf);
const where = (b: Block) => `${b.page}:${b.line}`;

test('every block is run or excused with a reason', () => {
  expect(all.length).toBeGreaterThan(60);
  const problems = all.flatMap((b) => {
    if (b.mode === 'unmarked') return [`${where(b)}: a shell block needs <!-- snippet: run --> or an excuse`];
    if ((b.mode === 'typecheck' || b.mode === 'skip') && !b.reason)
      return [`${where(b)}: the excuse needs a reason`];
    if (b.mode === 'typecheck' && b.kind !== 'ts')
      return [`${where(b)}: only TypeScript can be type-checked`];
    return [];
  });
  expect(problems).toEqual([]);
  const excused = all.filter((b) => b.mode === 'skip' || b.mode === 'typecheck');
  console.log(
    `docs snippets: ${all.length} blocks; run ${all.length - excused.length}; excused ${excused.length}:\n` +
      excused.map((b) => `  ${where(b)} (${b.mode}): ${b.reason}`).join('\n'),
  );
});

/** The `@example` of an entry's module comment, without the comment's ` * ` margin. */
function moduleExample(file: string): string | undefined {
  const comment = /^\/\*\*([\s\S]*?)\*\//.exec(readFileSync(join(root, file), 'utf8'))?.[1] ?? '';
  const text = comment.replace(/^ \* ?/gm, '');
  return /@example\n```ts\n([\s\S]*?)```/.exec(text)?.[1];
}

test("every typedoc entry's @example is a block of docs/reference.md that runs", () => {
  const entries = (JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as { entryPoints: string[] })
    .entryPoints;
  expect(entries.length).toBeGreaterThanOrEqual(5);
  const tested = new Set(
    all.filter((b) => b.page === 'docs/reference.md' && b.mode === 'run').map((b) => `${b.code}\n`),
  );
  for (const entry of entries) {
    const example = moduleExample(entry);
    expect(example, `${entry} has an @example`).toBeDefined();
    expect(tested.has(example!), `${entry}'s @example is a run block of docs/reference.md`).toBe(true);
  }
});

/** Imports first, then the page's declared names, then a `vapi` client for fragments that use one. */
function asModule(block: Block, prelude: string): string {
  const lines = block.code.split('\n');
  const isImport = (line: string) => /^import\s/.test(line);
  const imports = lines.filter(isImport);
  const rest = lines.filter((line) => !isImport(line)).join('\n');
  // A page-wide prelude name the block declares itself (`const stream = …`) is the block's own.
  const names = block.prelude.filter(
    (name) => !new RegExp(`\\b(const|let|var|function|class)\\s+${name}\\b`).test(rest),
  );
  const declared = names.length > 0 ? `import { ${names.join(', ')} } from '${prelude}';\n` : '';
  const client =
    /\bvapi\b/.test(rest) && !/\b(const|let) vapi\b/.test(rest) && !block.prelude.includes('vapi')
      ? `import { vapi } from '${prelude}';\n`
      : '';
  return `${imports.join('\n')}\n${declared}${client}export {};\n${rest}\n`;
}

const TSCONFIG = {
  extends: join(root, 'tsconfig.base.json'),
  compilerOptions: {
    composite: false,
    noEmit: true,
    declaration: false,
    emitDeclarationOnly: false,
    allowImportingTsExtensions: true,
    types: ['node'],
  },
  include: ['*.ts'],
};

let fake: FakeVapiServer;
let dir: string;
const token = 'sk-docs-snippets';

// One worker for the file: its fake and its folder are made once and removed once.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  fake = await startFakeVapiServer({
    token,
    seed: {
      assistants: [
        { id: SNIPPET_IDS.assistant, name: 'Reception' },
        { id: SNIPPET_IDS.otherAssistant, name: 'After hours' },
      ],
      phoneNumbers: [{ id: SNIPPET_IDS.phoneNumber, provider: 'vapi', number: '+61299990000' }],
      calls: [
        {
          id: SNIPPET_IDS.call,
          assistantId: SNIPPET_IDS.assistant,
          phoneNumberId: SNIPPET_IDS.phoneNumber,
          customer: { number: '+61400000000' },
          status: 'ended',
        },
      ],
    },
  });
  // Inside the repository (git-ignored), so `@voxdesk/sdk` resolves to the built package.
  mkdirSync(join(root, '.tsbuild'), { recursive: true });
  dir = mkdtempSync(join(root, '.tsbuild', 'docs-snippets-'));
  // The files the upload snippets name, in the folder they run in.
  mkdirSync(join(dir, 'docs'));
  for (const name of ['docs/faq.pdf', 'faq.pdf', 'faq.md', 'a.mp3', 'b.wav'])
    writeFileSync(join(dir, name), `sample ${name}\n`);
});

test.afterAll(async () => {
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The line of a failed run's stderr that says what went wrong (not the stack). */
function firstError(stderr = ''): string {
  const lines = stderr.split('\n').map((line) => line.trim());
  const message = lines.find((line) => /^(\w*Error\b|error:|voxdesk:|vapi-mock:)/.test(line));
  return message ?? lines.filter(Boolean).at(-1) ?? 'failed';
}

/** What a reader's shell would have: the fake's address and token, a webhook secret. */
const fakeEnv = () => ({
  VAPI_TOKEN: token,
  VAPI_PRIVATE_KEY: token,
  VAPI_BASE_URL: fake.url,
  VAPI_WEBHOOK_SECRET: 'whsec-docs-snippets-0123456789',
  PORT: '0',
});

const fileOf = (b: Block) => `${b.page.replace(/\W/g, '_')}_${b.line}.ts`;
const preludePath = join(import.meta.dirname, 'snippets-prelude.ts');
const guardPath = join(import.meta.dirname, 'snippets-loopback-guard.ts');

test('every TypeScript block type-checks against the real packages', async () => {
  test.setTimeout(180_000);
  const typed = all.filter((b) => b.kind === 'ts' && b.mode !== 'skip');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  for (const b of typed) writeFileSync(join(dir, fileOf(b)), asModule(b, preludePath));
  // TypeScript 7 (the native compiler, as `npm run typecheck`): 5.4 CPU-s here against 13.4.
  const tsc = join(root, 'node_modules/typescript-go/bin/tsc');
  const result = await exec(process.execPath, [tsc, '-p', dir], { cwd: root }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(result).toBe('');
});

/** Runs a snippet to its end; a `serve` snippet must instead still be up after 3 s, with nothing on stderr. */
function runSnippet(file: string, mode: 'run' | 'serve'): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', guardPath, file], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, ...fakeEnv() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const limit = mode === 'serve' ? 3_000 : 20_000;
    const timer = setTimeout(() => {
      child.kill();
      resolve(
        mode === 'serve' && stderr === ''
          ? undefined
          : `still running after ${limit / 1000} s ${firstError(stderr)}`,
      );
    }, limit);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (mode === 'serve') resolve(`exited (${code}) instead of serving: ${firstError(stderr)}`);
      else resolve(code === 0 ? undefined : firstError(stderr));
    });
  });
}

test('every runnable TypeScript block runs against the fake Vapi', async () => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  for (const b of all.filter((x) => x.kind === 'ts' && (x.mode === 'run' || x.mode === 'serve'))) {
    const file = join(dir, fileOf(b));
    writeFileSync(file, asModule(b, preludePath));
    const result = await runSnippet(file, b.mode as 'run' | 'serve');
    if (result !== undefined) failures.push(`${where(b)}: ${result}`);
  }
  expect(failures).toEqual([]);
});

test('every shell block marked runnable runs in a fresh HOME against the fake', async () => {
  test.setTimeout(300_000);
  const binDir = join(dir, 'bin');
  mkdirSync(binDir, { recursive: true });
  for (const [name, target] of [
    ['voxdesk', 'cli/dist/bin.js'],
    ['vapi-mock', 'packages/vapi-mock/dist/cli.js'],
  ] as const) {
    writeFileSync(
      join(binDir, name),
      `#!/bin/sh\nexec "${process.execPath}" "${join(root, target)}" "$@"\n`,
      {
        mode: 0o755,
      },
    );
  }
  const failures: string[] = [];
  const blocks = all.filter((x) => x.kind === 'sh' && x.mode === 'run');
  // A local PostgreSQL recipe (docs/site.md) runs as the superuser of its own server.
  let pg: TestPostgres | undefined;
  const pgEnv = async (code: string): Promise<Record<string, string>> => {
    if (!/\bpsql\b/.test(code)) return {};
    pg ??= await startTestPostgres();
    return { PGHOST: '127.0.0.1', PGPORT: String(pg.port), PGUSER: 'voxdesk' };
  };
  try {
    for (const b of blocks) failures.push(...(await runShellBlock(b, binDir, await pgEnv(b.code))));
  } finally {
    await pg?.stop();
  }
  expect(failures).toEqual([]);
});

async function runShellBlock(b: Block, binDir: string, extraEnv: Record<string, string>): Promise<string[]> {
  const home = mkdtempSync(join(dir, 'home-'));
  const result = await exec('bash', ['-euo', 'pipefail', '-c', b.code], {
    cwd: home,
    timeout: 30_000,
    env: {
      PATH: `${binDir}:${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      ...fakeEnv(),
      ...extraEnv,
    },
  }).then(
    () => undefined,
    (error: { stderr?: string; killed?: boolean }) =>
      error.killed ? 'still running after 30 s' : firstError(error.stderr),
  );
  return result === undefined ? [] : [`${where(b)}: ${result}`];
}
