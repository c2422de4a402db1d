import type { Logger } from './request-log.ts';

/**
 * The work the server does after it has answered (a reset link's mail, an access request's
 * lead, the password-changed notice): the answer never waits for it or depends on it. Every
 * piece goes through `run`, which keeps it until it settles, so `idle()` can wait for it: tests
 * instead of a sleep, and the server's close before the store goes.
 */
export class AfterAnswer {
  readonly #log: Logger;
  readonly #pending = new Set<Promise<void>>();

  constructor(log: Logger) {
    this.#log = log;
  }

  /** Starts `work` now without waiting for it; a failure is logged as `<what> failed: …`, never thrown. */
  run(what: string, work: () => Promise<unknown>): void {
    // An async wrapper, so a `work` that throws before its first await is logged too.
    const settled = (async () => {
      try {
        await work();
      } catch (error) {
        this.#log({ level: 'error', msg: `${what} failed: ${String((error as Error)?.message ?? error)}` });
      }
    })();
    this.#pending.add(settled);
    void settled.then(() => this.#pending.delete(settled));
  }

  /** Resolves when every piece started so far, and any it started in turn, has settled. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }
}
