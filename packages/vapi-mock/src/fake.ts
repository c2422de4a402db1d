/**
 * `createFakeVapi()`: a stateful fake of the Vapi API as msw handlers, built on the one
 * request handler the loopback server uses too.
 */
import { operations as sdkOperations } from '@voxdesk/sdk';
import { http } from 'msw';
import type { RequestHandler } from 'msw';
import { createHandler } from './app.ts';
import { checkOptions } from './check-options.ts';
import type { Handle } from './app.ts';
import type { Fault, RateLimit } from './faults.ts';
import { createRateLimiter, FaultQueue } from './faults.ts';
import type { FakeVapiSeed, FakeVapiState } from './state.ts';
import { createClock, createState, resetState } from './state.ts';
import type { OperationRow } from './table.ts';
import { LiveCalls, type CallPace } from './live-calls.ts';
import { StreamFaults, type StreamFault } from './streams.ts';

export const VAPI_MOCK_BASE_URL = 'https://api.vapi.ai';

export interface FakeVapiOptions {
  /** Origin (and optional base path) the msw handlers answer on. Default `https://api.vapi.ai`. */
  baseUrl?: string;
  /** When set, requests without `Authorization: Bearer <token>` get Vapi's 401. */
  token?: string;
  /** Records present at start and after every `reset()`. */
  seed?: FakeVapiSeed;
  /** Answer 429 with `Retry-After` past this many requests per window. Default: no limit. */
  rateLimit?: RateLimit;
  /** The organisation id stamped on records. Default: a fixed UUID. */
  orgId?: string;
  /** Clock for timestamps and the rate limiter (works with fake timers). Default `Date.now`. */
  now?: () => number;
  /** Routes to serve. Default: the SDK's operation table. */
  operations?: readonly OperationRow[];
  /**
   * Stamp this many records in a row with the same `createdAt`/`updatedAt` millisecond
   * (seeded and created alike). Default 1: every stamp is strictly later than the last.
   */
  sameMillisecond?: number;
  /** Answer every request this many ms late, as a distant server does (benchmarks). Default 0. */
  latencyMs?: number;
  /**
   * How created calls unfold on the `now` clock: `{ durationSeconds, ringAfterMs, answerAfterMs,
   * transcript, toolCalls }` (default: a 20-second call answered after 3 s), or `false` to leave
   * them queued.
   */
  callPace?: CallPace | false;
}

export interface FakeVapi {
  /** msw handlers: `setupServer(...fake.handlers)`. */
  handlers: RequestHandler[];
  /** The in-memory stores and the request log; plain Maps and arrays you may inspect or edit. */
  state: FakeVapiState;
  /** The same behaviour as a `(Request) => Promise<Response>` function (no msw needed). */
  fetch: (request: Request) => Promise<Response>;
  /** Back to the seeded state; clears injected faults and the request log. */
  reset(): void;
  /** Make the next `times` matching requests fail as described (e.g. 429 with Retry-After). */
  failNext(times: number, fault: Fault): void;
  /** Move created calls along to `now()` (every request does this first). */
  advanceCalls(): void;
  /** Make the next streamed chat answer misbehave: drop, error event, slow drip, or hold. */
  streamNext(fault: StreamFault): void;
}

export const DEFAULT_ORG_ID = '5f0b1d6e-3c1a-4b7e-9a41-0c3e7f6d2a90';

export function createFakeVapi(options: FakeVapiOptions = {}): FakeVapi {
  checkOptions('createFakeVapi', options as Record<string, unknown>);
  const base = new URL(options.baseUrl ?? VAPI_MOCK_BASE_URL);
  const basePath = base.pathname.replace(/\/+$/, '');
  const core = createCore(options, basePath);
  const handlers = [http.all(`${base.origin}${basePath}/*`, ({ request }) => core.handle(request))];
  return {
    handlers,
    state: core.state,
    fetch: (request) => core.handle(request),
    reset: core.reset,
    failNext: core.failNext,
    advanceCalls: core.advanceCalls,
    streamNext: core.streamNext,
  };
}

/** Everything but the transport: shared by `createFakeVapi` and `startFakeVapiServer`. */
export function createCore(options: FakeVapiOptions, basePath: string) {
  const now = options.now ?? Date.now;
  const stamp = createClock(now, options.sameMillisecond);
  const state = createState(options.orgId ?? DEFAULT_ORG_ID);
  const faults = new FaultQueue();
  const calls = new LiveCalls(state, now, stamp, options.callPace);
  const streams = new StreamFaults();
  let rateLimit = options.rateLimit ? createRateLimiter(options.rateLimit, now) : undefined;
  const handle: Handle = createHandler(
    { state, stamp, calls, streams },
    {
      operations: options.operations ?? sdkOperations,
      token: options.token,
      basePath,
      faults,
      rateLimit: () => rateLimit?.(),
      latencyMs: options.latencyMs ?? 0,
    },
  );
  const reset = () => {
    stamp.newMillisecond();
    resetState(state, options.seed, stamp);
    calls.clear();
    streams.clear();
    faults.clear();
    if (options.rateLimit) rateLimit = createRateLimiter(options.rateLimit, now);
  };
  reset();
  return {
    state,
    handle,
    calls,
    reset,
    failNext: (times: number, fault: Fault) => faults.add(times, fault),
    advanceCalls: () => calls.advance(),
    streamNext: (fault: StreamFault) => streams.add(fault),
  };
}
