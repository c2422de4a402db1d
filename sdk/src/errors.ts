/** Base class of everything the SDK throws about a request. */
export class VapiError extends Error {
  override name = 'VapiError';
  /** HTTP status; 0 when no response arrived (connection failure, timeout, abort). */
  readonly status: number;
  /** The error body: parsed JSON, text, or undefined when empty or absent. */
  readonly body: unknown;
  readonly method: string;
  readonly url: string;
  /** The server's request id header, when it sent one. */
  readonly requestId: string | undefined;
  readonly response: Response | undefined;

  constructor(
    message: string,
    init: {
      status?: number;
      body?: unknown;
      method: string;
      url: string;
      requestId?: string | undefined;
      response?: Response;
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
  }
}

export class BadRequestError extends VapiError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends VapiError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends VapiError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends VapiError {
  override name = 'NotFoundError';
}
export class ConflictError extends VapiError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends VapiError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends VapiError {
  override name = 'RateLimitError';
}
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
