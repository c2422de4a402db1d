import { requestIdOf } from './http.ts';

/** What `.withResponse()` gives: the parsed body, the Response it came from, and its request id. */
export interface WithResponse<T> {
  data: T;
  response: Response;
  /** The server's id for the request (`x-request-id`), for support tickets and log searches. */
  requestId: string | undefined;
}

const pending = () => {};

/**
 * What every API method returns: a promise of the parsed body, plus `.withResponse()` and
 * `.asResponse()` for the Response behind it. The request starts at once; the body is parsed
 * only when the promise itself (or `.withResponse()`) is awaited, so `.asResponse()` hands back
 * an unread Response.
 */
export class APIPromise<T> extends Promise<T> {
  /** `finally`, `Promise.all` and friends build plain promises, never this class. */
  static override get [Symbol.species]() {
    return Promise;
  }
  readonly #response: Promise<Response>;
  readonly #parse: (response: Promise<Response>) => Promise<T>;
  #data: Promise<T> | undefined;
  #parsed: Promise<WithResponse<T>> | undefined;

  /**
   * `parse` is handed the response's promise, not `response.then(parse)`: an async parse that
   * awaits it resolves the body in two steps fewer than a promise resolved with a promise.
   */
  constructor(response: Promise<Response>, parse: (response: Promise<Response>) => Promise<T>) {
    // This promise's own state is never read (`then` answers from the response), so it is left
    // pending: one shared executor, no resolve functions made per call.
    super(pending);
    this.#response = response;
    this.#parse = parse;
  }

  /** The raw Response, body unread (a non-2xx still throws its `VapiError`). */
  asResponse(): Promise<Response> {
    return this.#response;
  }

  /** The parsed body, read once however often it is awaited. */
  #body(): Promise<T> {
    return (this.#data ??= this.#parse(this.#response));
  }

  /** The parsed body with the Response and the request id: `const { data, requestId } = await …withResponse()`. */
  withResponse(): Promise<WithResponse<T>> {
    return (this.#parsed ??= this.#response.then(async (response) => ({
      data: await this.#body(),
      response,
      requestId: requestIdOf(response),
    })));
  }

  // Awaiting the call itself (the common case) builds no `WithResponse`: one step fewer per call.
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#body().then(onFulfilled, onRejected);
  }
}
