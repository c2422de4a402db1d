export const SERVER_BUSY = 'The server is busy checking other logins. Please try again in a moment.';

export class GateFullError extends Error {
  override name = 'GateFullError';
  constructor(readonly retryAfterSeconds: number) {
    super(SERVER_BUSY);
  }
}

export interface HashGateOptions {
  /** Password hashes (scrypt, ~32 MiB and ~150 ms each) running at once. */
  concurrency: number;
  /** Requests that may wait; beyond it one is refused at once with 503. */
  maxQueue: number;
}

/** About the cores of this machine: more in parallel only makes each hash slower. */
export const DEFAULT_HASH_GATE: HashGateOptions = { concurrency: 2, maxQueue: 6 };

interface Waiter {
  priority: number;
  start: () => void;
  refuse: (error: GateFullError) => void;
}

/**
 * A global cap on concurrent password hashing with a short queue. The queue is ordered by
 * `priority` (lower first; the server passes the address's recent attempt count), so an
 * address that has been guessing waits behind one that has not, and when the queue is
 * full the worst-placed waiter is refused: a flood from a few addresses cannot keep a
 * fresh address's login out.
 */
export class HashGate {
  readonly #options: HashGateOptions;
  #running = 0;
  readonly #queue: Waiter[] = [];

  constructor(options: HashGateOptions = DEFAULT_HASH_GATE) {
    this.#options = options;
  }

  async run<T>(priority: number, task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#options.concurrency) await this.#wait(priority);
    else this.#running++;
    try {
      return await task();
    } finally {
      const next = this.#queue.shift();
      if (next) next.start();
      else this.#running--;
    }
  }

  #wait(priority: number): Promise<void> {
    return new Promise<void>((start, refuse) => {
      const waiter: Waiter = { priority, start, refuse };
      const index = this.#queue.findIndex((w) => w.priority > priority);
      this.#queue.splice(index < 0 ? this.#queue.length : index, 0, waiter);
      if (this.#queue.length > this.#options.maxQueue) {
        this.#queue.pop()!.refuse(new GateFullError(1));
      }
    });
  }
}
