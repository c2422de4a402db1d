export const SERVER_BUSY = 'The server is busy checking other logins. Please try again in a moment.';

export class GateFullError extends Error {
  override name = 'GateFullError';
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(SERVER_BUSY);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface HashGateOptions {
  /** Password hashes (scrypt, ~32 MiB and ~150 ms each) running at once. */
  concurrency: number;
  /**
   * Extra slots only for requests with `priority <= freshUpTo` (an address with few recent
   * attempts): a fresh address never waits for a guesser's hash to finish.
   */
  reserved: number;
  freshUpTo: number;
  /** Requests that may wait; beyond it one is refused at once with 503. */
  maxQueue: number;
  /**
   * Places (running or waiting) one lane (an account) may hold: a flood against one account,
   * or one session's parallel password changes, cannot fill the queue for everyone else.
   */
  laneLimit: number;
}

/** Two hashes at most in all, one of them kept for fresh addresses: about the cores of a small
 * server; more in parallel only makes each hash slower. */
export const DEFAULT_HASH_GATE: HashGateOptions = {
  concurrency: 1,
  reserved: 1,
  freshUpTo: 3,
  maxQueue: 6,
  laneLimit: 2,
};

interface Waiter {
  priority: number;
  start: () => void;
  refuse: (error: GateFullError) => void;
}

/**
 * A global cap on concurrent password hashing with a short queue. `priority` is the
 * address's recent attempt count (lower first): a fresh address may use a reserved slot,
 * waiters are ordered by it, and when the queue is full the worst-placed waiter is refused.
 * So a flood from a few addresses cannot keep a fresh address's login out.
 */
export class HashGate {
  readonly #options: HashGateOptions;
  #running = 0;
  #reservedRunning = 0;
  readonly #queue: Waiter[] = [];
  readonly #lanes = new Map<string, number>();

  constructor(options: Partial<HashGateOptions> = {}) {
    this.#options = { ...DEFAULT_HASH_GATE, ...options };
  }

  /** Lanes (accounts) holding a place now: a lane is forgotten when its last task ends. */
  get lanesHeld(): number {
    return this.#lanes.size;
  }

  /** Runs `task` when a slot is free; `lane` (an account) may hold at most `laneLimit` places. */
  async run<T>(priority: number, task: () => Promise<T>, lane?: string): Promise<T> {
    if (lane === undefined) return this.#run(priority, task);
    const held = this.#lanes.get(lane) ?? 0;
    if (held >= this.#options.laneLimit) throw new GateFullError(1);
    this.#lanes.set(lane, held + 1);
    try {
      return await this.#run(priority, task);
    } finally {
      const left = this.#lanes.get(lane)! - 1;
      if (left > 0) this.#lanes.set(lane, left);
      else this.#lanes.delete(lane);
    }
  }

  async #run<T>(priority: number, task: () => Promise<T>): Promise<T> {
    const { concurrency, reserved, freshUpTo } = this.#options;
    if (this.#running < concurrency) {
      this.#running++;
    } else if (priority <= freshUpTo && this.#reservedRunning < reserved) {
      this.#reservedRunning++;
      try {
        return await task();
      } finally {
        this.#reservedRunning--;
      }
    } else {
      await this.#wait(priority);
    }
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
