import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  VapiAbortError,
  VapiConnectionError,
  VapiError,
  VapiTimeoutError,
} from './errors.ts';
import { parseVapiErrorBody } from './error-body.ts';
import { readBody, requestIdOf } from './http.ts';
import { isNetworkError, retryAfterOf, type Refusal } from './transport.ts';

/** The error class by HTTP status: other 4xx stay plain `VapiError`, 5xx `InternalServerError`. */
const byStatus: Record<number, typeof VapiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

interface Context {
  method: string;
  path: string;
  url: URL;
  timeout: number;
  signal: AbortSignal | undefined;
  /** `totalTimeout`, and whether it expired. */
  total?: { ms: number; expired: boolean } | undefined;
  /** A retry not made, and why (see `sendWithRetries`). */
  refused?: Refusal | undefined;
  /** The final non-2xx response, when one arrived. */
  response?: Response | undefined;
}

/** The innermost cause's message: fetch says "fetch failed", its cause says why. */
function rootMessage(error: Error): string {
  let e = error;
  while (e.cause instanceof Error) e = e.cause;
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && !e.message.includes(code) ? `${code} ${e.message}` : e.message;
}

/**
 * Turns a non-2xx response (`ctx.response`) or what fetch threw into the SDK's error classes;
 * anything unexpected passes through.
 */
export async function toVapiError(error: unknown, ctx: Context): Promise<unknown> {
  const label = `${ctx.method} ${ctx.path.split('?')[0]}`;
  const base = { method: ctx.method, url: ctx.url.href, cause: error };
  const { response } = ctx;
  if (response) {
    const body = response.bodyUsed ? undefined : await readBody(response).catch(() => undefined);
    const { status } = response;
    const ErrorClass = byStatus[status] ?? (status >= 500 ? InternalServerError : VapiError);
    // What the error body says (see `parseVapiErrorBody`), else the status text.
    const detail = parseVapiErrorBody(body).message ?? (response.statusText || 'request failed');
    const retryAfter = retryAfterOf(response);
    const retryAt = retryAfter === undefined ? undefined : new Date(Date.now() + retryAfter);
    const { refused } = ctx;
    // Why the SDK gave up before its retries ran out, and when trying again makes sense.
    const note = refused
      ? ` (not retried: ${refused.retryAfter !== undefined ? 'the server asks to wait' : 'the next retry would wait'} ${Math.ceil(refused.wait / 1000)} s, past the ${refused.limit} ms ${refused.bound}${retryAt ? `; try again after ${retryAt.toISOString()}` : ''})`
      : '';
    return new ErrorClass(`${label} → ${status}: ${detail}${note}`, {
      ...base,
      status,
      body,
      requestId: requestIdOf(response),
      response,
      retryAt,
    });
  }
  if (ctx.signal?.aborted)
    return new VapiAbortError(`${label} was aborted`, { ...base, cause: ctx.signal.reason });
  // The whole call ran out of time (an attempt in flight, or waiting to retry).
  if (ctx.total?.expired) return new VapiTimeoutError(`${label} timed out after ${ctx.total.ms} ms`, base);
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') {
    return new VapiTimeoutError(`${label} timed out after ${ctx.timeout} ms`, base);
  }
  if (name === 'AbortError') return new VapiAbortError(`${label} was aborted`, base);
  // isNetworkError holds only for an Error.
  if (isNetworkError(error)) {
    return new VapiConnectionError(
      `${label} could not reach ${ctx.url.origin}: ${rootMessage(error as Error)}`,
      base,
    );
  }
  return error;
}
