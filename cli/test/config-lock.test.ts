// Concurrent changes to the config file from real voxdesk processes: each is a read-modify-
// write, so without the config lock (config.ts `withConfigLock`) two at once lose one.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeConfig } from '../src/config.ts';
import { tempConfigHome } from './harness.ts';

const exec = promisify(execFile);
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
/** Processes started at once: enough to overlap on 2 loaded cores, few enough to stay cheap. */
const AT_ONCE = 10;

let home: Awaited<ReturnType<typeof tempConfigHome>>;
beforeEach(async () => (home = await tempConfigHome()));
afterEach(() => home.cleanup());

const configFile = () => join(home.dir, 'voxdesk', 'config.json');
const voxdesk = (...args: string[]) =>
  exec(process.execPath, ['--conditions=source', BIN, ...args], {
    env: { PATH: process.env.PATH, XDG_CONFIG_HOME: home.dir, NO_COLOR: '1' },
  });
const aliases = async () =>
  (JSON.parse(await readFile(configFile(), 'utf8')) as { aliases?: Record<string, string> }).aliases;

/** Writes the config lock as a process that has exited left it; answers the text written. */
async function writeDeadHolderLock(): Promise<string> {
  const done = await exec(process.execPath, ['-e', 'console.log(process.pid)']);
  const { hostname } = await import('node:os');
  await mkdir(join(home.dir, 'voxdesk'), { recursive: true });
  const text = JSON.stringify({
    pid: Number(done.stdout.trim()),
    host: hostname(),
    command: 'alias set',
    since: new Date().toISOString(),
  });
  await writeFile(`${configFile()}.lock`, text);
  return text;
}

describe('the config lock', () => {
  it(`${AT_ONCE} processes setting aliases at once: every alias is stored`, async () => {
    // A setting already there must survive the storm too.
    await voxdesk('config', 'set', 'output', 'json');
    const names = Array.from({ length: AT_ONCE }, (_, i) => `a${i}`);
    await Promise.all(
      names.map((name) => voxdesk('alias', 'set', name, `assistants list --limit ${name.slice(1)}`)),
    );
    expect(await aliases()).toEqual(
      Object.fromEntries(names.map((name) => [name, `assistants list --limit ${name.slice(1)}`])),
    );
    const config = JSON.parse(await readFile(configFile(), 'utf8')) as { output?: string };
    expect(config.output).toBe('json');
    // Every process released the lock.
    await expect(readFile(`${configFile()}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it('sets and deletes at once: the deletes and the sets all land', async () => {
    const kept = Array.from({ length: AT_ONCE / 2 }, (_, i) => `k${i}`);
    const gone = Array.from({ length: AT_ONCE / 2 }, (_, i) => `g${i}`);
    // The starting aliases are written directly: five more processes here would check nothing new.
    await writeConfig(configFile(), {
      aliases: Object.fromEntries(gone.map((name) => [name, 'calls list'])),
    });
    await Promise.all([
      ...kept.map((name) => voxdesk('alias', 'set', name, 'assistants list')),
      ...gone.map((name) => voxdesk('alias', 'delete', name)),
    ]);
    expect(await aliases()).toEqual(Object.fromEntries(kept.map((name) => [name, 'assistants list'])));
  }, 120_000);

  it('a lock left by a process that died is taken over', async () => {
    await writeDeadHolderLock();
    await voxdesk('alias', 'set', 'al', 'assistants list');
    expect(await aliases()).toEqual({ al: 'assistants list' });
  }, 60_000);

  it("a takeover waits for another run's guard: a dead holder's lock goes only under it", async () => {
    const { lockFile } = await import('../src/file-lock.ts');
    const path = `${configFile()}.lock`;
    const dead = await writeDeadHolderLock();
    // Another run is inside its takeover: it alone may remove the lock meanwhile.
    await writeFile(`${path}.takeover`, '');
    let taken = false;
    const taking = lockFile(path, 'config set', { waitMs: 60_000 }).then(
      (release) => ((taken = true), release),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(taken).toBe(false);
    expect(await readFile(path, 'utf8')).toBe(dead);
    await rm(`${path}.takeover`);
    const release = await taking;
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'config set',
    });
    await release();
  }, 60_000);

  it('a guard left by a run that died inside its takeover is removed after 10 s', async () => {
    const { lockFile } = await import('../src/file-lock.ts');
    const path = `${configFile()}.lock`;
    await writeDeadHolderLock();
    await writeFile(`${path}.takeover`, '');
    const past = new Date(Date.now() - 11_000);
    await utimes(`${path}.takeover`, past, past);
    const release = await lockFile(path, 'config set', { waitMs: 30_000 });
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(readFile(`${path}.takeover`)).rejects.toMatchObject({ code: 'ENOENT' });
    await release();
  }, 60_000);

  it('a live holder past the wait is refused, naming it, the file and the fix', async () => {
    const { lockFile } = await import('../src/file-lock.ts');
    const path = `${configFile()}.lock`;
    const release = await lockFile(path, 'alias set');
    try {
      await expect(lockFile(path, 'config set', { waitMs: 30 })).rejects.toThrow(
        new RegExp(
          `^voxdesk alias set \\(pid ${process.pid} on .+\\) holds ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\. ` +
            'Wait for it to finish; if no voxdesk is running, delete that file$',
        ),
      );
    } finally {
      await release();
    }
    // Released: the next change gets it at once.
    await (
      await lockFile(path, 'config set')
    )();
  });
});
