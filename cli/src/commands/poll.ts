import { setTimeout as sleep } from 'node:timers/promises';
import { ExitCode, SilentExit } from '../errors.ts';
import type { Factory } from '../factory.ts';

/**
 * Waits between polls of `calls watch` and `logs --follow`. When the run is stopped
 * (the factory's signal; a real Ctrl-C exits 130 in bin.ts), the command ends with 130.
 */
export async function pause(factory: Factory, ms: number): Promise<void> {
  try {
    await sleep(ms, undefined, { signal: factory.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw new SilentExit(ExitCode.interrupted);
    throw error;
  }
}
