import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({
  assistants: [
    { name: 'Reception & Co', firstMessage: 'Hello', createdAt: '2026-11-21T11:57:00.000Z' },
    { name: 'After hours', createdAt: '2026-11-18T12:00:00.000Z' },
  ],
});
const ESC = '\u001b[';

describe('--json [fields]', () => {
  it('with a list prints only those fields, in every item', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--json', 'id,name')).toBe(0);
    const items = JSON.parse(cli.stdout.text) as Record<string, unknown>[];
    expect(items.map((item) => Object.keys(item).sort())).toEqual([
      ['id', 'name'],
      ['id', 'name'],
    ]);
    expect(items.map((item) => item.name)).toEqual(['Reception & Co', 'After hours']);
  });

  it('an unknown field is exit 2 listing the valid ones, before anything is sent', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--json', 'id,nmae')).toBe(2);
    expect(cli.stderr.text).toMatch(
      /^voxdesk: unknown JSON field "nmae"; valid fields: .*\bfirstMessage\b.*\bname\b/,
    );
    expect(fake.state.requests).toEqual([]);
    const create = harness({ env: authed });
    expect(await create.run('assistants', 'create', '--data', '{"name":"X"}', '--json', 'bogus')).toBe(2);
    expect(fake.state.requests).toEqual([]);
  });

  it('works on one object (get, create) too', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'create', '--data', '{"name":"Desk"}', '--json', 'name')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toEqual({ name: 'Desk' });
  });
});

describe('--jq (jq itself, compiled to WebAssembly)', () => {
  it('filters the JSON; strings print raw', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--jq', '.[] | select(.firstMessage) | .name')).toBe(0);
    expect(cli.stdout.text).toBe('Reception & Co\n');
    const count = harness({ env: authed });
    expect(await count.run('assistants', 'list', '-q', 'length')).toBe(0);
    expect(count.stdout.text).toBe('2\n');
  });

  it('a filter that does not compile is exit 2 with jq’s message', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--jq', '.[ | nope')).toBe(2);
    expect(cli.stderr.text).toMatch(/^voxdesk: --jq: jq: error: syntax error/);
  });

  it('is combined with --json fields, and never with --template', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--json', 'name', '--jq', '.[0] | keys')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toEqual(['name']);
    const both = harness({ env: authed });
    expect(await both.run('assistants', 'list', '--jq', '.', '--template', 'x')).toBe(2);
  });
});

describe('--template (Mustache)', () => {
  it('formats each item, without HTML escaping', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--template', '{{#.}}{{name}};{{/.}}')).toBe(0);
    expect(cli.stdout.text).toBe('Reception & Co;After hours;');
  });
});

describe('colour', () => {
  const list = async (options: { tty?: boolean; env?: Record<string, string> }, ...flags: string[]) => {
    const cli = harness({ tty: options.tty ?? false, env: { ...authed, ...options.env } });
    expect(await cli.run(...flags, 'assistants', 'list', '--json')).toBe(0);
    expect(JSON.parse(stripVTControlCharacters(cli.stdout.text))).toHaveLength(2);
    return cli.stdout.text.includes(ESC);
  };

  it('colours JSON on a terminal only, as gh: NO_COLOR, CLICOLOR_FORCE, --color', async () => {
    expect(await list({ tty: true })).toBe(true);
    expect(await list({})).toBe(false);
    expect(await list({ tty: true, env: { NO_COLOR: '1' } })).toBe(false);
    expect(await list({ env: { CLICOLOR_FORCE: '1' } })).toBe(true);
    expect(await list({ env: { CLICOLOR_FORCE: '0' } })).toBe(false);
    expect(await list({ tty: true }, '--color', 'never')).toBe(false);
    expect(await list({ tty: true }, '--no-color')).toBe(false);
    expect(await list({ env: { NO_COLOR: '1' } }, '--color', 'always')).toBe(true);
  });

  it('--color takes only always, never or auto (exit 2)', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('--color', 'sometimes', 'assistants', 'list')).toBe(2);
    expect(cli.stderr.text).toContain('Allowed choices are always, never, auto');
  });
});
