/**
 * The state lock: one `pull` or `apply` at a time writes a folder's state on this machine.
 * Two applies of the same new files would otherwise both create them (Vapi has no
 * idempotency key; across machines the guard is adopt-by-name). The lock is a file made
 * with O_EXCL; one left by a process that is no longer running is taken over.
 */
import { hostname } from 'node:os';
import { join } from 'node:path';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { CliError } from '../errors.ts';
import { STATE_FILE } from './state.ts';

export const LOCK_FILE = `${STATE_FILE}.lock`;

interface Holder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/** The lock is held by another run. */
export class StateLocked extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'StateLocked';
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

/** Takes the folder's lock for `command`; call the answer to release it. */
export async function lockState(
  dir: string,
  command: string,
  now = new Date(),
): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  await mkdir(dir, { recursive: true });
  const me: Holder = { pid: process.pid, host: hostname(), command, since: now.toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx', 0o644);
      await handle.writeFile(`${JSON.stringify(me)}\n`);
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readFile(path, 'utf8')
      .then((text) => JSON.parse(text) as Holder)
      .catch(() => undefined);
    // Left by a run that died (kill -9, a crash) on this machine: take it over.
    if (holder && holder.host === me.host && Number.isInteger(holder.pid) && !running(holder.pid)) {
      await rm(path, { force: true });
      continue;
    }
    const who = holder
      ? `voxdesk ${holder.command} (pid ${holder.pid} on ${holder.host}, since ${holder.since})`
      : 'another voxdesk run';
    throw new StateLocked(
      `${who} holds ${path}; nothing was sent. Wait for it to finish; if no voxdesk is running, delete that file`,
    );
  }
  throw new StateLocked(`could not take ${path}; nothing was sent`);
}
