import Airtable from 'airtable';
import { STORE_AUTH_FAILED, UserStoreError } from './errors.ts';
import { limiterFor, type RateLimiter } from './rate-limit.ts';
import { DEFAULT_BACKOFF, withBackoff, type BackoffOptions } from './retry.ts';

export interface AirtableConnectionOptions {
  baseId: string;
  token: string;
  /** Defaults to `https://api.airtable.com`; tests point it at msw or a loopback server. */
  endpointUrl?: string;
  requestTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** Defaults to the shared limiter of this endpoint and base (`limiterFor`). */
  limiter?: RateLimiter;
}

/** `AirtableError` is a plain object, not an `Error`: recognise it by shape. */
export function airtableStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = error.statusCode;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** A store error whose cause is Airtable's answer with this status (e.g. 404 for an unknown record). */
export const isAirtableStatus = (error: unknown, status: number): error is UserStoreError =>
  error instanceof UserStoreError && airtableStatus(error.cause) === status;

function normalize(error: unknown, action: string, table: string): UserStoreError {
  if (error instanceof UserStoreError) return error;
  const status = airtableStatus(error);
  if (status === 401 || status === 403) return new UserStoreError(STORE_AUTH_FAILED, 502, { cause: error });
  if (status === 429) {
    return new UserStoreError(`The ${table} is busy. Please try again in a few seconds.`, 503, {
      cause: error,
    });
  }
  const detail =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  return new UserStoreError(`Could not ${action} in Airtable${detail ? `: ${detail}` : ''}`, 502, {
    cause: error,
  });
}

/** How long every request of the base waits after a 429 (Airtable asks for 30 s; we retry sooner, spaced). */
const PAUSE_AFTER_429_MS = 1_000;

/**
 * One Airtable base: the client, and the base's rate limiter and bounded 429 retries that
 * every table on it (users, leads) goes through, so together they stay under 5 requests/s.
 */
export class AirtableConnection {
  readonly base: Airtable.Base;
  readonly #backoff: BackoffOptions;
  readonly #limiter: RateLimiter;

  constructor(options: AirtableConnectionOptions) {
    const endpointUrl = options.endpointUrl ?? 'https://api.airtable.com';
    const airtable = new Airtable({
      apiKey: options.token,
      endpointUrl,
      requestTimeout: options.requestTimeoutMs ?? 10_000,
      // The package otherwise retries 429 forever; we retry a bounded number of times.
      noRetryIfRateLimited: true,
    });
    this.base = airtable.base(options.baseId);
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.#limiter = options.limiter ?? limiterFor(`${endpointUrl} ${options.baseId}`);
  }

  /** Runs one request through the limiter; failures become `UserStoreError`s naming `action`. */
  async run<T>(action: string, task: () => Promise<T>, table = 'user table'): Promise<T> {
    const isRateLimited = (error: unknown) => {
      if (airtableStatus(error) !== 429) return false;
      this.#limiter.pause(PAUSE_AFTER_429_MS);
      return true;
    };
    try {
      return await withBackoff(() => this.#limiter.run(task), isRateLimited, this.#backoff);
    } catch (error) {
      throw normalize(error, action, table);
    }
  }
}
