/**
 * Fault injection and rate limiting, checked before routing, for retry and backoff tests.
 */
import { checkFault } from './check-options.ts';
import { errorBody, reasonPhrase } from './errors.ts';

export interface Fault {
  /** Answer with this status (default body: Vapi's error shape for it). */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (with the fault, or normally when no status is set). */
  delayMs?: number;
  /** Fail at the network level instead of answering (fetch rejects with a TypeError). */
  networkError?: boolean;
  /**
   * Page-based lists answering wrong, as buggy servers do: `repeat` serves page 1 whatever
   * page was asked, claiming a next page; `stale` serves the right rows with metadata stuck
   * at `currentPage: 1, hasNextPage: true`. Other answers pass unchanged.
   */
  page?: 'repeat' | 'stale';
  /** Only requests with this method count (default: any). */
  method?: string;
  /** Only requests whose path matches count (string: exact path; default: any). */
  path?: string | RegExp;
  /** Let this many matching requests through first (`after: 2`: the third one fails). */
  after?: number;
}

export interface RateLimit {
  /** Requests allowed per window. */
  requests: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export type FaultOutcome =
  | { kind: 'respond'; response: Response }
  | { kind: 'network' }
  | { kind: 'pass' }
  | { kind: 'page'; mode: 'repeat' | 'stale' };

export class FaultQueue {
  private queue: Array<{ fault: Fault; pass: number }> = [];

  add(times: number, fault: Fault): void {
    checkFault(times, fault);
    // `after` counts once: the requests it lets through come before the first failure.
    for (let i = 0; i < times; i += 1) this.queue.push({ fault, pass: i === 0 ? (fault.after ?? 0) : 0 });
  }

  clear(): void {
    this.queue = [];
  }

  /** Take the first queued fault that applies to this request and act it out. */
  async apply(method: string, path: string): Promise<FaultOutcome> {
    const index = this.queue.findIndex((entry) => matches(entry.fault, method, path));
    if (index === -1) return { kind: 'pass' };
    const entry = this.queue[index] as { fault: Fault; pass: number };
    if (entry.pass > 0) {
      entry.pass -= 1;
      return { kind: 'pass' };
    }
    this.queue.splice(index, 1);
    const { fault } = entry;
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.networkError) return { kind: 'network' };
    if (fault.page) return { kind: 'page', mode: fault.page };
    if (fault.status === undefined) return { kind: 'pass' };
    const body = fault.body ?? errorBody(fault.status, reasonPhrase(fault.status));
    const response =
      typeof body === 'string'
        ? new Response(body, { status: fault.status, headers: fault.headers })
        : Response.json(body, { status: fault.status, headers: fault.headers });
    return { kind: 'respond', response };
  }
}

/** Answers `request` through `answer`, then acts out a `page` fault on a `{results, metadata}` body. */
export async function misbehavePage(
  mode: 'repeat' | 'stale',
  request: Request,
  answer: (request: Request) => Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url);
  if (mode === 'repeat') url.searchParams.set('page', '1');
  const response = await answer(mode === 'repeat' ? new Request(url, request) : request);
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { results?: unknown; metadata?: object } | undefined;
  if (!response.ok || !Array.isArray(body?.results)) return response;
  const metadata = { ...body.metadata, currentPage: 1, hasNextPage: true };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return Response.json({ ...body, metadata }, { status: response.status, headers });
}

function matches(fault: Fault, method: string, path: string): boolean {
  if (fault.method && fault.method.toUpperCase() !== method) return false;
  if (fault.path === undefined) return true;
  return typeof fault.path === 'string' ? fault.path === path : fault.path.test(path);
}

/** A fixed-window limiter: past the limit, Vapi-style 429 with `Retry-After` in seconds. */
export function createRateLimiter(limit: RateLimit, now: () => number): () => Response | undefined {
  let windowStart = now();
  let count = 0;
  return () => {
    const at = now();
    if (at - windowStart >= limit.windowMs) {
      windowStart = at;
      count = 0;
    }
    count += 1;
    if (count <= limit.requests) return undefined;
    const retryAfter = Math.max(1, Math.ceil((windowStart + limit.windowMs - at) / 1000));
    return Response.json(errorBody(429, 'Too Many Requests'), {
      status: 429,
      headers: { 'retry-after': String(retryAfter) },
    });
  };
}
