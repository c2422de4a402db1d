/**
 * `VapiStream<E>`: a streamed answer as an async iterable of typed events (openai-node's
 * `Stream` is the model). It reads the body once; `tee()` splits it for two readers.
 * Failures while reading are the SDK's errors: the caller's abort → `VapiAbortError`, no bytes
 * for `idleTimeout` ms → `VapiTimeoutError`, a dropped connection → `VapiConnectionError`
 * (its message counts the events received), an `error` event → `VapiStreamError`.
 */
import { BRAND } from '../brand.ts';
import { VapiAbortError, VapiConnectionError, VapiError, VapiTimeoutError } from '../errors.ts';
import { requestIdOf } from '../http.ts';
import { parseServerSentEvents } from './sse.ts';

/** An `error` event in a stream (`event: error`, or data with `type: 'error'`); `body` is the event. */
export class VapiStreamError extends VapiError {
  override get [BRAND](): string {
    return 'VapiStreamError';
  }
}

/** What a stream needs besides its response. */
export interface StreamInit<E> {
  method: string;
  url: string;
  /** The text an event adds to the answer (for `finalText()`). */
  textOf: (event: E) => string;
  /** Aborts the request: `close()` and the idle timeout use it. */
  controller: AbortController;
  /** The caller's signal, to tell its abort from the idle timeout. */
  signal?: AbortSignal | undefined;
  /** ms without a byte before the stream fails. */
  idleTimeout: number;
}

const IDLE = 'VapiStreamIdle';

/** A streamed answer: iterate it (once) for its events; see the module comment for its errors. */
export class VapiStream<E> implements AsyncIterable<E> {
  /** The HTTP response (its body is the stream). */
  readonly response: Response;
  /** The server's request id, as errors report it. */
  readonly requestId: string | undefined;
  /** Events received so far. */
  eventCount = 0;
  readonly #init: StreamInit<E>;
  #used = false;

  constructor(response: Response, init: StreamInit<E>) {
    this.response = response;
    this.#init = init;
    this.requestId = requestIdOf(response);
  }

  /** The events, as the server sends them (a second iteration throws: use `tee()`). */
  async *[Symbol.asyncIterator](): AsyncIterator<E> {
    if (this.#used) throw new TypeError('A VapiStream can be read once; use tee() for two readers.');
    this.#used = true;
    const { controller, idleTimeout } = this.#init;
    const body = this.response.body;
    if (!body) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => controller.abort(new DOMException(`no data for ${idleTimeout} ms`, IDLE)),
        idleTimeout,
      );
    };
    // Every chunk re-arms the idle timer.
    const watched = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          arm();
          out.enqueue(chunk);
        },
      }),
      { signal: controller.signal },
    );
    arm();
    let finished = false;
    try {
      for await (const sse of parseServerSentEvents(watched)) {
        if (sse.data === '[DONE]') break;
        let event: unknown;
        try {
          event = JSON.parse(sse.data);
        } catch {
          throw this.#error(
            VapiStreamError,
            `event ${this.eventCount + 1} is not JSON: ${sse.data.slice(0, 80)}`,
            sse.data,
          );
        }
        if (sse.event === 'error' || (event as { type?: unknown } | null)?.type === 'error') {
          const message =
            (event as { message?: unknown; error?: { message?: unknown } }).message ??
            (event as { error?: { message?: unknown } }).error?.message;
          throw this.#error(
            VapiStreamError,
            `the stream sent an error: ${String(message ?? sse.data)}`,
            event,
          );
        }
        this.eventCount++;
        yield event as E;
      }
      finished = true;
    } catch (error) {
      if (error instanceof VapiError) throw error;
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
      if (this.#init.signal?.aborted)
        throw this.#error(
          VapiAbortError,
          `the stream was aborted after ${this.eventCount} events`,
          undefined,
          error,
        );
      if (reason instanceof DOMException && reason.name === IDLE)
        throw this.#error(
          VapiTimeoutError,
          `the stream sent ${reason.message} (after ${this.eventCount} events)`,
          undefined,
          error,
        );
      throw this.#error(
        VapiConnectionError,
        `the stream dropped after ${this.eventCount} events`,
        undefined,
        error,
      );
    } finally {
      clearTimeout(timer);
      // Leaving early (break, an error) closes the connection.
      if (!finished) controller.abort(new DOMException('the stream was closed', 'AbortError'));
    }
  }

  #error(type: typeof VapiError, message: string, body: unknown, cause?: unknown): VapiError {
    return new type(`${this.#init.method} ${new URL(this.#init.url).pathname}: ${message}`, {
      status: this.response.status,
      body,
      method: this.#init.method,
      url: this.#init.url,
      requestId: this.requestId,
      response: this.response,
      cause,
    });
  }

  /** Reads to the end and returns the answer's text (the deltas joined). */
  async finalText(): Promise<string> {
    let text = '';
    for await (const event of this) text += this.#init.textOf(event);
    return text;
  }

  /** Stops reading and closes the connection. */
  close(): void {
    this.#init.controller.abort(new DOMException('the stream was closed', 'AbortError'));
  }

  /** Two streams reading the same events independently. */
  tee(): [VapiStream<E>, VapiStream<E>] {
    if (this.#used || !this.response.body) throw new TypeError('tee() needs a stream nobody has read yet.');
    this.#used = true;
    const { status, statusText, headers } = this.response;
    return this.response.body
      .tee()
      .map((body) => new VapiStream<E>(new Response(body, { status, statusText, headers }), this.#init)) as [
      VapiStream<E>,
      VapiStream<E>,
    ];
  }

  /** The events as newline-delimited JSON bytes: e.g. the body of your own streamed Response. */
  toReadableStream(): ReadableStream<Uint8Array> {
    const iterator = this[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    return new ReadableStream({
      async pull(controller) {
        try {
          const step: IteratorResult<E> = await iterator.next();
          if (step.done) controller.close();
          else controller.enqueue(encoder.encode(`${JSON.stringify(step.value)}\n`));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    });
  }
}
