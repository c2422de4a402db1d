import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voxdesk-files-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The multipart part's Content-Type as the fake received it. */
const partType = () => /Content-Type: ([^\r\n]+)/i.exec(fake.state.requests.at(-1)!.body)?.[1];

describe('files create (defect 9)', () => {
  it.each([
    ['faq.pdf', 'application/pdf'],
    ['notes.txt', 'text/plain'],
    ['menu.json', 'application/json'],
    ['data.unknownext', 'application/octet-stream'],
  ])('sends %s as %s, from the extension', async (name, type) => {
    const path = join(dir, name);
    await writeFile(path, 'content');
    const cli = harness({ env: authed });
    expect(await cli.run('files', 'create', path, '--json')).toBe(0);
    expect(partType()).toBe(type);
    expect(JSON.parse(cli.stdout.text)).toMatchObject({ name, mimetype: type });
  });

  it('reads - from stdin, named and typed by --name', async () => {
    const cli = harness({ env: authed, stdin: 'Opening hours: 9 to 5\n' });
    expect(await cli.run('files', 'create', '-', '--name', 'hours.md', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toMatchObject({
      name: 'hours.md',
      bytes: 22,
      mimetype: 'text/markdown',
    });
  });

  it('refuses - without --name (exit 2, nothing sent)', async () => {
    const cli = harness({ env: authed, stdin: 'x' });
    expect(await cli.run('files', 'create', '-')).toBe(2);
    expect(cli.stderr.text).toContain('needs --name');
    expect(fake.state.requests).toEqual([]);
  });
});

describe('files download', () => {
  const upload = async (name: string, content: string) => {
    const cli = harness({ env: authed, stdin: content });
    expect(await cli.run('files', 'create', '-', '--name', name, '--json')).toBe(0);
    return (JSON.parse(cli.stdout.text) as { id: string }).id;
  };

  it('saves the bytes to -o, fetching the signed URL without the token', async () => {
    const id = await upload('hours.txt', 'Open 9 to 5\n');
    const target = join(dir, 'saved.txt');
    const cli = harness({ env: { ...authed, NO_COLOR: '1' } });
    expect(await cli.run('files', 'download', id, '-o', target)).toBe(0);
    expect(await readFile(target, 'utf8')).toBe('Open 9 to 5\n');
    expect(cli.stderr.text).toBe(`✓ Saved hours.txt to ${target}\n`);
    const storage = fake.state.requests.at(-1)!;
    expect(storage.path).toMatch(/^\/__storage\//);
    expect(storage.headers.authorization).toBeUndefined();
  });

  it('-o - writes to stdout; an existing file needs --clobber (exit 2)', async () => {
    const id = await upload('menu.md', '# Menu\n');
    const out = harness({ env: authed });
    expect(await out.run('files', 'download', id, '-o', '-')).toBe(0);
    expect(out.stdout.text).toBe('# Menu\n');
    const target = join(dir, 'existing.md');
    await writeFile(target, 'keep me');
    const refused = harness({ env: authed });
    expect(await refused.run('files', 'download', id, '-o', target)).toBe(2);
    expect(refused.stderr.text).toContain('pass --clobber');
    expect(await readFile(target, 'utf8')).toBe('keep me');
    expect(await harness({ env: authed }).run('files', 'download', id, '-o', target, '--clobber')).toBe(0);
    expect(await readFile(target, 'utf8')).toBe('# Menu\n');
  });

  it('an unknown file is the API’s 404, exit 1', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('files', 'download', 'nope', '-o', join(dir, 'x'))).toBe(1);
    expect(cli.stderr.text).toContain('404');
  });
});

describe('files list', () => {
  it('--purpose sends the query GET /file takes (issue 18)', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('files', 'list', '--purpose', 'assistant', '--json')).toBe(0);
    expect(
      fake.state.requests.map((request) => `${request.method} ${request.path}${request.search}`),
    ).toEqual(['GET /file?purpose=assistant']);
  });

  it('--limit cuts what is shown of the one answer, and says more exist on a terminal', async () => {
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      expect(await harness({ env: authed, stdin: name }).run('files', 'create', '-', '--name', name)).toBe(0);
    }
    const cli = harness({ tty: true, env: { ...authed, NO_COLOR: '1' } });
    expect(await cli.run('files', 'list', '--limit', '2')).toBe(0);
    expect(cli.stdout.text.trimEnd().split('\n')).toHaveLength(3);
    expect(cli.stderr.text).toBe('showing 2; more exist — use --all or a larger --limit\n');
  });
});
