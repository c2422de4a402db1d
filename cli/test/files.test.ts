import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
