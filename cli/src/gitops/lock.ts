/**
 * The state lock: one `pull` or `apply` at a time writes a folder's state on this machine.
 * Two applies of the same new files would otherwise both create them (Vapi has no
 * idempotency key; across machines the guard is adopt-by-name). It is the CLI's file lock
 * (file-lock.ts), taken without waiting: a second run is refused, not queued.
 */
import { join } from 'node:path';
import { CliError } from '../errors.ts';
import { FileLocked, lockFile } from '../file-lock.ts';
import { STATE_FILE } from './state.ts';

export const LOCK_FILE = `${STATE_FILE}.lock`;

/** The lock is held by another run. */
export class StateLocked extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'StateLocked';
  }
}

/** Takes the folder's lock for `command`; call the answer to release it. */
export async function lockState(
  dir: string,
  command: string,
  now = new Date(),
): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  try {
    return await lockFile(path, command, { now });
  } catch (error) {
    if (!(error instanceof FileLocked)) throw error;
    throw new StateLocked(
      `${error.holder} holds ${path}; nothing was sent. Wait for it to finish; if no voxdesk is running, delete that file`,
    );
  }
}
