import { setTimeout as sleep } from 'node:timers/promises';
import { CliError, ExitCode, SilentExit } from '../errors.ts';
import type { Deps } from './shared.ts';

/** What polling needs: stderr for outage notes, and the signal that stops it. */
type Poller = Pick<Deps, 'io' | 'signal'>;

/**
 * Waits between polls of `calls watch` and `logs --follow`. When the run is stopped
 * (the factory's signal; a real Ctrl-C exits 130 in bin.ts), the command ends with 130.
 */
export async function pause(factory: Poller, ms: number): Promise<void> {
  try {
    await sleep(ms, undefined, { signal: factory.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw new SilentExit(ExitCode.interrupted);
    throw error;
  }
}

/** The longest wait between two tries during an outage. */
const MAX_BACKOFF = 30_000;

/** What a short outage looks like: no connection, a timeout, 429 or a 5xx; one line, no body. */
async function outage(error: unknown): Promise<string | undefined> {
  const sdk = await import('@voxdesk/sdk');
  if (error instanceof sdk.VapiConnectionError || error instanceof sdk.VapiTimeoutError)
    return `could not reach Vapi (${error.name})`;
  if (error instanceof sdk.VapiError && (error.status === 429 || (error.status ?? 0) >= 500))
    return `Vapi answered ${error.status}`;
  return undefined;
}

export interface SurviveOptions {
  /** The first wait after a failure; it doubles up to 30 s. */
  interval: number;
  /** Give up (exit 6, "lost the connection") once an outage has lasted this long. */
  maxOutage: number;
}

/**
 * A poller that rides out short outages: `poll()` is tried again with backoff while Vapi is
 * unreachable or answers 429/5xx, until it answers, Ctrl-C (130), or the outage outlasts
 * `maxOutage` (exit 6). Other errors (404, 401) end the command as usual.
 */
export function survivor(factory: Poller, options: SurviveOptions) {
  return async function survive<T>(poll: () => Promise<T>): Promise<T> {
    let since: number | undefined;
    let wait = options.interval;
    for (;;) {
      try {
        const value = await poll();
        if (since !== undefined)
          factory.io.stderr.write(`! reconnected after ${seconds(performance.now() - since)}\n`);
        return value;
      } catch (error) {
        const what = await outage(error);
        if (!what) throw error;
        since ??= performance.now();
        const lasted = performance.now() - since;
        if (lasted >= options.maxOutage)
          throw new CliError(
            `lost the connection: ${what}, for ${seconds(lasted)} (--max-outage ${seconds(options.maxOutage)})`,
            ExitCode.connectionLost,
          );
        factory.io.stderr.write(`! ${what}; trying again in ${seconds(wait)} (Ctrl-C to stop)\n`);
        await pause(factory, wait);
        wait = Math.min(wait * 2, MAX_BACKOFF);
      }
    }
  };
}

const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 1000)} s`);
