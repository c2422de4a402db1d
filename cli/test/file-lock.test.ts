// The CLI's file lock (file-lock.ts) called directly: real files in a temp folder, real
// processes as holders (one that exited, one running, one killed with SIGKILL). What voxdesk
// processes do with it (the config's read-modify-write) is config-lock.test.ts.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { CliError } from '../src/errors.ts';
import { FileLocked, lockFile } from '../src/file-lock.ts';

const exec = promisify(execFile);
const FILE_LOCK = new URL('../src/file-lock.ts', import.meta.url).href;
const HOST = hostname();
const SINCE = '2026-11-27T08:00:00.000Z';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'voxdesk-lock-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The pid of a process that has exited. */
const deadPid = async () =>
  Number((await exec(process.execPath, ['-e', 'console.log(process.pid)'])).stdout.trim());

/** Writes a lock as its holder would have: `{ pid, host, command, since }`. */
async function writeHolder(path: string, holder: { pid: unknown; host?: string; command?: string }) {
  const text = `${JSON.stringify({ host: HOST, command: 'apply', since: SINCE, ...holder })}\n`;
  await writeFile(path, text);
  return text;
}

/** The refusal lockFile answers, as `{ name, holder, message }` (rejects if it takes the lock). */
const refusal = (path: string, command = 'config set', waitMs = 0) =>
  lockFile(path, command, { waitMs }).then(
    async (release) => (await release(), expect.fail('the lock was taken')),
    (error: unknown) => error as FileLocked,
  );

const heldBy = (path: string, pid: number, command = 'apply') =>
  `voxdesk ${command} (pid ${pid} on ${HOST}, since ${SINCE}) holds ${path}. ` +
  'Wait for it to finish; if no voxdesk is running, delete that file';

describe('the file lock', () => {
  it('makes missing folders, names its holder in the file, and removes it on release', async () => {
    const path = join(dir, 'new', 'folder', 'state.lock');
    const release = await lockFile(path, 'apply', { now: new Date(SINCE) });
    expect(await readFile(path, 'utf8')).toBe(
      `${JSON.stringify({ pid: process.pid, host: HOST, command: 'apply', since: SINCE })}\n`,
    );
    await release();
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' });
    // Without options: no wait, and the time of the call.
    const before = Date.now();
    const again = await lockFile(path, 'pull');
    const { since } = JSON.parse(await readFile(path, 'utf8')) as { since: string };
    expect(Date.parse(since)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(since)).toBeLessThanOrEqual(Date.now());
    await again();
  });

  it('a release after the file was deleted by hand (as the refusal advises) still resolves', async () => {
    const path = join(dir, 'config.json.lock');
    const release = await lockFile(path, 'alias set');
    await rm(path);
    await expect(release()).resolves.toBeUndefined();
  });

  it('a live holder is refused: a FileLocked naming it, the file and the fix; the lock stays', async () => {
    const path = join(dir, 'config.json.lock');
    const text = await writeHolder(path, { pid: process.pid, command: 'alias set' });
    const error = await refusal(path);
    expect(error).toBeInstanceOf(FileLocked);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      name: 'FileLocked',
      holder: `voxdesk alias set (pid ${process.pid} on ${HOST}, since ${SINCE})`,
      message: heldBy(path, process.pid, 'alias set'),
    });
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('a lock still being written (no holder to read yet) is not taken: "another voxdesk run"', async () => {
    const path = join(dir, 'config.json.lock');
    for (const text of ['', '{"pid": 4']) {
      await writeFile(path, text);
      expect(await refusal(path)).toMatchObject({
        holder: 'another voxdesk run',
        message: `another voxdesk run holds ${path}. Wait for it to finish; if no voxdesk is running, delete that file`,
      });
      expect(await readFile(path, 'utf8')).toBe(text);
    }
  });

  it('a dead holder on another machine is not taken over: its pid says nothing here', async () => {
    const path = join(dir, 'state.lock');
    const pid = await deadPid();
    const text = await writeHolder(path, { pid, host: `not-${HOST}` });
    expect(await refusal(path)).toMatchObject({
      holder: `voxdesk apply (pid ${pid} on not-${HOST}, since ${SINCE})`,
    });
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  // Root may signal any process, so only another user sees EPERM (pid 1 is root's, or their own).
  it.skipIf(process.getuid?.() === 0)('a holder this user may not signal is alive: refused', async () => {
    const path = join(dir, 'state.lock');
    const text = await writeHolder(path, { pid: 1 });
    expect(await refusal(path)).toMatchObject({ holder: `voxdesk apply (pid 1 on ${HOST}, since ${SINCE})` });
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('a holder whose pid is not a process id is not taken over', async () => {
    const path = join(dir, 'state.lock');
    for (const pid of [null, 1.5, '12x']) {
      const text = await writeHolder(path, { pid });
      expect(await refusal(path)).toBeInstanceOf(FileLocked);
      expect(await readFile(path, 'utf8')).toBe(text);
    }
  });

  it('a lock file that is JSON but names no holder is refused as another run, not a crash', async () => {
    const path = join(dir, 'state.lock');
    for (const text of ['null\n', '42\n', '"apply"\n']) {
      await writeFile(path, text);
      expect(await refusal(path)).toMatchObject({ name: 'FileLocked', holder: 'another voxdesk run' });
      expect(await readFile(path, 'utf8')).toBe(text);
    }
  });

  it('a dead holder on this machine is taken over at once, even without a wait', async () => {
    const path = join(dir, 'state.lock');
    await writeHolder(path, { pid: await deadPid() });
    const release = await lockFile(path, 'pull', { now: new Date(SINCE) });
    expect(await readFile(path, 'utf8')).toBe(
      `${JSON.stringify({ pid: process.pid, host: HOST, command: 'pull', since: SINCE })}\n`,
    );
    // The takeover's guard is gone with it.
    await expect(readFile(`${path}.takeover`)).rejects.toMatchObject({ code: 'ENOENT' });
    await release();
  });

  it('waits for a live holder that lets go within the wait, then takes the lock', async () => {
    const path = join(dir, 'config.json.lock');
    const first = await lockFile(path, 'alias set');
    let taken = false;
    const second = lockFile(path, 'config set', { waitMs: 20_000 }).then(
      (release) => ((taken = true), release),
    );
    // A few of its 15 ms tries.
    await sleep(60);
    expect(taken).toBe(false);
    await first();
    const release = await second;
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ command: 'config set' });
    await release();
  });

  it('another process holding it is refused by pid; once it is killed (-9), its lock is taken over', async () => {
    const path = join(dir, 'state.lock');
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { lockFile } from ${JSON.stringify(FILE_LOCK)};
         await lockFile(${JSON.stringify(path)}, 'apply', { now: new Date(${JSON.stringify(SINCE)}) });
         console.log('held');
         setInterval(() => {}, 60_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    onTestFinished(async () => {
      holder.kill('SIGKILL');
      await exited;
    });
    await new Promise((resolve, reject) => {
      holder.stdout.once('data', resolve);
      holder.once('exit', reject);
    });
    expect(await refusal(path, 'pull')).toMatchObject({ message: heldBy(path, holder.pid!) });
    holder.kill('SIGKILL');
    await exited;
    const release = await lockFile(path, 'pull');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid, command: 'pull' });
    await release();
  }, 30_000);

  it("twenty takers of a dead holder's lock at once: one holds it at a time, no update lost", async () => {
    const path = join(dir, 'config.json.lock');
    const counter = join(dir, 'counter');
    await writeFile(counter, '0');
    await writeHolder(path, { pid: await deadPid() });
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const release = await lockFile(path, `taker ${i}`, { waitMs: 20_000 });
        try {
          most = Math.max(most, ++inside);
          const n = Number(await readFile(counter, 'utf8'));
          await writeFile(counter, String(n + 1));
          inside--;
        } finally {
          await release();
        }
      }),
    );
    expect(most).toBe(1);
    expect(await readFile(counter, 'utf8')).toBe('20');
  }, 30_000);

  it('an error other than "exists" is thrown, not waited on: the lock and the takeover guard', async () => {
    // Names the file system refuses (over 255 bytes): the lock's own, then only its guard's.
    const tooLong = join(dir, `${'l'.repeat(251)}.lock`);
    await expect(lockFile(tooLong, 'apply', { waitMs: 20_000 })).rejects.toMatchObject({
      code: 'ENAMETOOLONG',
    });
    const guardTooLong = join(dir, `${'l'.repeat(245)}.lock`);
    await writeHolder(guardTooLong, { pid: await deadPid() });
    await expect(lockFile(guardTooLong, 'apply')).rejects.toMatchObject({ code: 'ENAMETOOLONG' });
  });
});
