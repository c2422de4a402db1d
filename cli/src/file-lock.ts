/**
 * The CLI's one lock: a file made with O_EXCL that names its holder. One left by a process
 * that is no longer running on this machine (kill -9, a crash) is taken over. Callers that
 * hold it for a moment (a config read-modify-write) wait for it; long runs (`apply`) refuse.
 */
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { CliError } from './errors.ts';

interface Holder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/** The lock is held by another run (for longer than the caller would wait). */
export class FileLocked extends CliError {
  /** Who holds it, as a phrase: `voxdesk apply (pid 42 on host, since …)`. */
  readonly holder: string;
  constructor(message: string, holder: string) {
    super(message);
    this.name = 'FileLocked';
    this.holder = holder;
  }
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes `file` whether or not it is still there: another run may have removed it first (a
 * guard judged stale, a lock its holder's user deleted by hand, as the refusal advises).
 */
const remove = (file: string) => rm(file, { force: true });

/** The holder a lock file names; undefined while it is being written, or for anything else. */
const readHolder = (path: string) =>
  readFile(path, 'utf8')
    .then((text) => {
      const value: unknown = JSON.parse(text);
      // `null` or a number is valid JSON but no holder (a file written by hand, a bad disk).
      return typeof value === 'object' && value !== null ? (value as Holder) : undefined;
    })
    .catch(() => undefined);

const isStale = (holder: Holder | undefined, host: string): boolean =>
  holder !== undefined && holder.host === host && Number.isInteger(holder.pid) && !running(holder.pid);

/** A takeover guard older than this was left by a run that died inside one (they take ms). */
const GUARD_STALE_MS = 10_000;

/**
 * Removes the lock at `path` if its holder is still a dead process, under a guard file so that
 * takeovers never overlap. Without it, a run that had read holder A (which then released and
 * exited) deleted the lock C had just taken, and two runs wrote the config at once (a lost
 * `alias set` in config-lock.test under CI's load). Under the guard the file cannot change
 * hands: a dead holder cannot release it, and only a guard holder removes another's lock.
 * Answers false while another run holds the guard.
 */
async function removeIfStale(path: string, host: string): Promise<boolean> {
  const guard = `${path}.takeover`;
  try {
    await (await open(guard, 'wx', 0o644)).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = await stat(guard).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    if (since !== undefined && Date.now() - since > GUARD_STALE_MS) await remove(guard);
    return false;
  }
  try {
    if (isStale(await readHolder(path), host)) await remove(path);
    return true;
  } finally {
    await remove(guard);
  }
}

/** How long between tries while waiting: short, since a config write takes milliseconds. */
const RETRY_MS = 15;

/**
 * Takes the lock at `path` for `command`, waiting up to `waitMs` while a live process holds
 * it; call the answer to release it.
 */
export async function lockFile(
  path: string,
  command: string,
  { waitMs = 0, now = new Date() }: { waitMs?: number; now?: Date } = {},
): Promise<() => Promise<void>> {
  await mkdir(dirname(path), { recursive: true });
  const me: Holder = { pid: process.pid, host: hostname(), command, since: now.toISOString() };
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o644);
      await handle.writeFile(`${JSON.stringify(me)}\n`);
      await handle.close();
      return () => remove(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(path);
    // Left by a run that died on this machine: take it over (or let the run doing so finish).
    if (isStale(holder, me.host)) {
      if (!(await removeIfStale(path, me.host))) await sleep(RETRY_MS);
      continue;
    }
    // No holder yet (the file is being written) or a live one: wait while the caller allows.
    if (Date.now() < deadline) {
      await sleep(RETRY_MS);
      continue;
    }
    const who = holder
      ? `voxdesk ${holder.command} (pid ${holder.pid} on ${holder.host}, since ${holder.since})`
      : 'another voxdesk run';
    throw new FileLocked(
      `${who} holds ${path}. Wait for it to finish; if no voxdesk is running, delete that file`,
      who,
    );
  }
}
