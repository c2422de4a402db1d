/**
 * The browser's one way to reach the site server's `/api/*`: Hono's RPC client over the server's
 * own route table (`BrowserApi`, a type only: no server code reaches the bundle), so paths,
 * methods, inputs and answers are checked by the compiler against the routes themselves.
 * Same-origin credentials so the session cookie travels, no referrer (spec §7 client settings).
 */
import { path } from '@voxdesk/sdk';
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { BrowserApi } from '../../../server/browser-api.ts';

/** Every non-2xx answer, and a request that never got one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, server down). */
    readonly status: number,
    message: string,
    /** True when the message came from the server's `{ error }` body (safe to show as is). */
    readonly fromServer: boolean,
    /** The parsed error body, for routes that say more (per-field `errors`, `waitMs`). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

// Resolved against the page at call time, so the same code works in the browser and under
// jsdom (Node's fetch has no base URL); looked up at call time too, so test interceptors apply.
const sameOriginFetch: typeof fetch = (input, init) =>
  fetch(new URL(input instanceof Request ? input.url : String(input), window.location.href), init);

/** `api.clients.$get({ query })`, `api.session.$post({ json })`…: pass the promise to `call`. */
export const api = hc<BrowserApi>('/api', {
  fetch: sameOriginFetch,
  headers: { Accept: 'application/json' },
  init: { credentials: 'same-origin', redirect: 'follow', referrerPolicy: 'no-referrer' },
});

const NOT_JSON = Symbol('not JSON');

/** The body of a response's 2xx answers, as the route declares it (`undefined` for 204). */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends 'json'
        ? T
        : undefined
      : never
    : never;

/**
 * Awaits a typed request: a 2xx gives its body; any other status throws an `ApiError` with the
 * server's `{ error }` message, and a request that never got an answer throws one with status 0.
 * A 2xx that is not JSON (a proxy's or captive portal's page) throws too, rather than handing
 * the page `undefined` where the route promises a body.
 */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Answer<R>> {
  let response: R;
  try {
    response = await request;
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError(0, `Could not reach the server (${String(cause)})`, false);
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => NOT_JSON);
  if (response.ok && payload === NOT_JSON) {
    throw new ApiError(
      response.status,
      `The server answered ${response.status} with something other than JSON. Reload the page and try again.`,
      false,
    );
  }
  if (!response.ok) {
    const serverMessage = errorMessageOf(payload);
    throw new ApiError(
      response.status,
      serverMessage ?? `The server answered ${response.status} ${response.statusText}`.trim(),
      serverMessage !== undefined,
      payload === NOT_JSON ? undefined : payload,
    );
  }
  return payload as Answer<R>;
}

/**
 * A record id as one path segment (`param: { id: segment(id) }`): the RPC client pastes
 * parameters in as they are, so an id like `..` or `a/b` would reach another route. The SDK's
 * `path` check refuses empty and dot segments and percent-encodes the rest.
 */
export const segment = (id: string): string => path`${id}`;

function errorMessageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { error } = payload as { error?: unknown };
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}
