import { BRAND, isInstance } from './brand.ts';

/** Base class of everything the SDK throws about a request. */
export class VapiError extends Error {
  /** `instanceof` holds for an error from the SDK's other build too (CommonJS and ESM in one process). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isInstance(this, value);
  }
  /** The class's name, which `instanceof` matches across the SDK's builds (brand.ts); also `name`. */
  get [BRAND](): string {
    return 'VapiError';
  }
  /** HTTP status; 0 when no response arrived (connection failure, timeout, abort). */
  declare readonly status: number;
  /** The error body: parsed JSON, text, or undefined when empty or absent. */
  declare readonly body: unknown;
  /** HTTP method of the failed request, e.g. `POST`. */
  declare readonly method: string;
  /** Full URL of the failed request. */
  declare readonly url: string;
  /** The server's request id header, when it sent one. */
  declare readonly requestId: string | undefined;
  /** The response (body already read into `body`); undefined when none arrived. */
  declare readonly response: Response | undefined;
  /** When the server's `Retry-After` (on a 429, 503…) says to try again; undefined without one. */
  declare readonly retryAt: Date | undefined;

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
    this.name = this[BRAND];
  }
}

/** 400: the body or query was invalid; `body.message` says which field. */
export class BadRequestError extends VapiError {
  override get [BRAND](): string {
    return 'BadRequestError';
  }
}
/** 401: the token is missing, wrong or revoked. */
export class AuthenticationError extends VapiError {
  override get [BRAND](): string {
    return 'AuthenticationError';
  }
}
/** 403: the token may not do this (e.g. a public key outside `/call/web`). */
export class PermissionDeniedError extends VapiError {
  override get [BRAND](): string {
    return 'PermissionDeniedError';
  }
}
/** 404: no such resource (or path). */
export class NotFoundError extends VapiError {
  override get [BRAND](): string {
    return 'NotFoundError';
  }
}
/** 409: the request conflicts with the current state. */
export class ConflictError extends VapiError {
  override get [BRAND](): string {
    return 'ConflictError';
  }
}
/** 422: well-formed but refused by Vapi. */
export class UnprocessableEntityError extends VapiError {
  override get [BRAND](): string {
    return 'UnprocessableEntityError';
  }
}
/** 429: too many requests; retried on every method, `retryAt` says when to try again. */
export class RateLimitError extends VapiError {
  override get [BRAND](): string {
    return 'RateLimitError';
  }
}
/** 5xx: Vapi failed; retried for idempotent methods. */
export class InternalServerError extends VapiError {
  override get [BRAND](): string {
    return 'InternalServerError';
  }
}
/** The request never got a response: DNS, refused connection, reset, offline. */
export class VapiConnectionError extends VapiError {
  override get [BRAND](): string {
    return 'VapiConnectionError';
  }
}
/** No response within the timeout (per attempt). */
export class VapiTimeoutError extends VapiError {
  override get [BRAND](): string {
    return 'VapiTimeoutError';
  }
}
/** The caller's AbortSignal fired. */
export class VapiAbortError extends VapiError {
  override get [BRAND](): string {
    return 'VapiAbortError';
  }
}
/** An argument was refused before anything was sent (e.g. an empty id or a `..` path segment). */
export class VapiArgumentError extends TypeError {
  /** `instanceof` holds for an error from the SDK's other build too (see brand.ts). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isInstance(this, value);
  }
  /** The class's name, which `instanceof` matches across the SDK's builds (brand.ts). */
  get [BRAND](): string {
    return 'VapiArgumentError';
  }
  override name = 'VapiArgumentError';
}
/**
 * A 2xx whose body is not the JSON the operation promises: invalid JSON, another content type
 * (e.g. an HTML page from a proxy), or the wrong top-level kind (array vs object).
 */
export class VapiUnexpectedResponseError extends VapiError {
  override get [BRAND](): string {
    return 'VapiUnexpectedResponseError';
  }
}
