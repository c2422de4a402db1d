/** Base class of everything the SDK throws about a request. */
export class VapiError extends Error {
  override name = 'VapiError';
  /** HTTP status; 0 when no response arrived (connection failure, timeout, abort). */
  readonly status: number;
  /** The error body: parsed JSON, text, or undefined when empty or absent. */
  readonly body: unknown;
  /** HTTP method of the failed request, e.g. `POST`. */
  readonly method: string;
  /** Full URL of the failed request. */
  readonly url: string;
  /** The server's request id header, when it sent one. */
  readonly requestId: string | undefined;
  /** The response (body already read into `body`); undefined when none arrived. */
  readonly response: Response | undefined;
  /** When the server's `Retry-After` (on a 429, 503…) says to try again; undefined without one. */
  readonly retryAt: Date | undefined;

  constructor(
    message: string,
    init: {
      status?: number;
      body?: unknown;
      method: string;
      url: string;
      requestId?: string | undefined;
      response?: Response;
      retryAt?: Date | undefined;
      cause?: unknown;
    },
  ) {
    super(message, { cause: init.cause });
    this.status = init.status ?? 0;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
    this.requestId = init.requestId;
    this.response = init.response;
    this.retryAt = init.retryAt;
  }
}

/** 400: the body or query was invalid; `body.message` says which field. */
export class BadRequestError extends VapiError {
  override name = 'BadRequestError';
}
/** 401: the token is missing, wrong or revoked. */
export class AuthenticationError extends VapiError {
  override name = 'AuthenticationError';
}
/** 403: the token may not do this (e.g. a public key outside `/call/web`). */
export class PermissionDeniedError extends VapiError {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource (or path). */
export class NotFoundError extends VapiError {
  override name = 'NotFoundError';
}
/** 409: the request conflicts with the current state. */
export class ConflictError extends VapiError {
  override name = 'ConflictError';
}
/** 422: well-formed but refused by Vapi. */
export class UnprocessableEntityError extends VapiError {
  override name = 'UnprocessableEntityError';
}
/** 429: too many requests; retried for idempotent methods, see `response` for `Retry-After`. */
export class RateLimitError extends VapiError {
  override name = 'RateLimitError';
}
/** 5xx: Vapi failed; retried for idempotent methods. */
export class InternalServerError extends VapiError {
  override name = 'InternalServerError';
}
/** The request never got a response: DNS, refused connection, reset, offline. */
export class VapiConnectionError extends VapiError {
  override name = 'VapiConnectionError';
}
/** No response within the timeout (per attempt). */
export class VapiTimeoutError extends VapiError {
  override name = 'VapiTimeoutError';
}
/** The caller's AbortSignal fired. */
export class VapiAbortError extends VapiError {
  override name = 'VapiAbortError';
}
/** An argument was refused before anything was sent (e.g. an empty id or a `..` path segment). */
export class VapiArgumentError extends TypeError {
  override name = 'VapiArgumentError';
}
/**
 * A 2xx whose body is not the JSON the operation promises: invalid JSON, another content type
 * (e.g. an HTML page from a proxy), or the wrong top-level kind (array vs object).
 */
export class VapiUnexpectedResponseError extends VapiError {
  override name = 'VapiUnexpectedResponseError';
}
