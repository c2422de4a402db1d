/**
 * `CallListener`: one call's listen socket as an async iterable of audio frames and JSON
 * events. The platform `WebSocket` cannot pause reading, so what the consumer has not taken
 * yet waits in a queue bounded by `maxBufferedBytes`; past it, `onOverflow` decides: fail
 * (`VapiListenOverflowError`, the default: a recording with a silent gap is worse than an
 * error) or drop the oldest audio frames (events are kept) and count them in `droppedFrames`.
 * A socket that closes without a normal close (code 1000/1005) is a `VapiConnectionError`
 * naming what arrived; nothing reconnects.
 */
import { BRAND } from '../brand.ts';
import { VapiAbortError, VapiConnectionError, VapiError } from '../errors.ts';
import type { components } from '../generated/openapi.ts';

/** Linear 16-bit PCM from the call, channels interleaved (channel 0 the customer, 1 the assistant). */
export interface AudioFrame {
  kind: 'audio';
  /** Samples, interleaved by channel: `pcm[i * channels + c]`. */
  pcm: Int16Array;
  channels: number;
  sampleRate: number;
}

/** The frame Vapi's audio sockets open with (as its custom-transcriber socket documents it). */
export interface ListenStartMessage {
  type: 'start';
  encoding?: string;
  container?: string;
  sampleRate: number;
  channels: number;
}

/** A JSON message from the listen socket: the start frame or one of Vapi's client messages. */
export type ListenMessage = ListenStartMessage | components['schemas']['ClientMessage']['message'];

/** A JSON text frame from the listen socket, parsed. */
export interface ListenEvent {
  kind: 'event';
  message: ListenMessage;
}

/** What a listener yields. */
export type ListenItem = AudioFrame | ListenEvent;

/** The consumer fell more than `maxBufferedBytes` behind the call (with `onOverflow: 'error'`). */
export class VapiListenOverflowError extends VapiError {
  override get [BRAND](): string {
    return 'VapiListenOverflowError';
  }
}

/** How the listener reads; see the module comment. */
export interface ListenerInit {
  url: string;
  sampleRate: number;
  channels: number;
  maxBufferedBytes: number;
  onOverflow: 'error' | 'drop-oldest';
  signal?: AbortSignal | undefined;
}

type Waiter = { resolve: () => void };

/** A call's listen socket, open; iterate it once. */
export class CallListener implements AsyncIterable<ListenItem> {
  /** Audio frames yielded or queued so far. */
  frameCount = 0;
  /** JSON events yielded or queued so far. */
  eventCount = 0;
  /** Audio frames dropped because the consumer fell behind (`onOverflow: 'drop-oldest'`). */
  droppedFrames = 0;
  /** The listen URL this socket reads. */
  readonly url: string;
  readonly #socket: WebSocket;
  readonly #init: ListenerInit;
  readonly #queue: { item: ListenItem; bytes: number }[] = [];
  #queuedBytes = 0;
  /** Bytes of a sample split across two binary messages. */
  #carry: Uint8Array | undefined;
  #sampleRate: number;
  #channels: number;
  #ended = false;
  #failure: unknown;
  #waiter: Waiter | undefined;
  #used = false;

  /** @param socket an open WebSocket (`binaryType` is set to `arraybuffer` here) */
  constructor(socket: WebSocket, init: ListenerInit) {
    this.#socket = socket;
    this.#init = init;
    this.url = init.url;
    this.#sampleRate = init.sampleRate;
    this.#channels = init.channels;
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('message', (event) => this.#receive(event.data));
    socket.addEventListener('close', (event) => this.#closed(event.code, event.reason));
    this.#onAbort = () => {
      this.#fail(this.#error(VapiAbortError, 'listening was aborted'));
      socket.close(1000, 'aborted');
    };
    if (init.signal?.aborted) this.#onAbort();
    else init.signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  readonly #onAbort: () => void;

  #receive(data: unknown): void {
    if (this.#ended) return;
    if (typeof data === 'string') {
      let message: ListenMessage;
      try {
        message = JSON.parse(data) as ListenMessage;
      } catch {
        return; // Not JSON: nothing the socket documents; skipped rather than ending the call.
      }
      if (message?.type === 'start') {
        const start = message;
        if (Number.isInteger(start.sampleRate) && start.sampleRate > 0) this.#sampleRate = start.sampleRate;
        if (Number.isInteger(start.channels) && start.channels > 0) this.#channels = start.channels;
      }
      this.eventCount++;
      this.#push({ kind: 'event', message }, data.length);
      return;
    }
    if (!(data instanceof ArrayBuffer)) return;
    const frame = this.#frame(new Uint8Array(data));
    if (frame) {
      this.frameCount++;
      this.#push(frame, frame.pcm.byteLength);
    }
  }

  /** Whole interleaved samples from a message; a partial sample waits for the next one. */
  #frame(bytes: Uint8Array): AudioFrame | undefined {
    const carry = this.#carry;
    const joined = carry ? new Uint8Array(carry.length + bytes.length) : bytes;
    if (carry) {
      joined.set(carry);
      joined.set(bytes, carry.length);
    }
    const step = 2 * this.#channels;
    const whole = joined.length - (joined.length % step);
    this.#carry = whole < joined.length ? joined.slice(whole) : undefined;
    if (!whole) return undefined;
    // A copy, aligned for Int16Array; little-endian as sent (every platform Node and browsers run on).
    const pcm = new Int16Array(joined.slice(0, whole).buffer);
    return { kind: 'audio', pcm, channels: this.#channels, sampleRate: this.#sampleRate };
  }

  #push(item: ListenItem, bytes: number): void {
    this.#queue.push({ item, bytes });
    this.#queuedBytes += bytes;
    if (this.#queuedBytes > this.#init.maxBufferedBytes) {
      if (this.#init.onOverflow === 'drop-oldest') {
        // Drop audio from the front until the queue fits; events stay.
        for (let i = 0; i < this.#queue.length && this.#queuedBytes > this.#init.maxBufferedBytes;) {
          const queued = this.#queue[i]!;
          if (queued.item.kind === 'audio') {
            this.#queue.splice(i, 1);
            this.#queuedBytes -= queued.bytes;
            this.droppedFrames++;
          } else i++;
        }
      } else {
        this.#fail(
          this.#error(
            VapiListenOverflowError,
            `the consumer fell ${this.#queuedBytes} bytes behind (maxBufferedBytes ${this.#init.maxBufferedBytes})`,
          ),
        );
        this.#socket.close(1000, 'consumer too slow');
        return;
      }
    }
    this.#wake();
  }

  #closed(code: number, reason: string): void {
    if (this.#ended) return;
    if (code === 1000 || code === 1005) {
      this.#ended = true;
      this.#wake();
      return;
    }
    // What arrived before the drop is still delivered; the error follows it.
    this.#ended = true;
    this.#failure = this.#error(
      VapiConnectionError,
      `the listen socket dropped (code ${code}${reason ? `, ${reason}` : ''})`,
    );
    this.#wake();
  }

  /** Ends the iteration with `error` at once: what is queued is dropped (the error counts it). */
  #fail(error: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#failure = error;
    this.#queue.length = 0;
    this.#queuedBytes = 0;
    this.#wake();
  }

  #wake(): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.resolve();
  }

  #error(type: typeof VapiError, what: string): VapiError {
    return new type(
      `GET ${new URL(this.url).pathname}: ${what} after ${this.frameCount} audio frames and ${this.eventCount} events`,
      { method: 'GET', url: this.url },
    );
  }

  /** Frames and events in arrival order; a second iteration throws. */
  async *[Symbol.asyncIterator](): AsyncIterator<ListenItem> {
    if (this.#used) throw new TypeError('A CallListener can be read once.');
    this.#used = true;
    try {
      for (;;) {
        const next = this.#queue.shift();
        if (next) {
          this.#queuedBytes -= next.bytes;
          yield next.item;
          continue;
        }
        if (this.#failure) throw this.#failure;
        if (this.#ended) return;
        await new Promise<void>((resolve) => (this.#waiter = { resolve }));
      }
    } finally {
      // Leaving early (break, an error) closes the socket.
      this.close();
    }
  }

  /** Stops listening: closes the socket (code 1000); an iteration in progress ends after its current item. */
  close(): void {
    // A long-lived signal must not keep this listener alive.
    this.#init.signal?.removeEventListener('abort', this.#onAbort);
    if (!this.#ended) {
      this.#ended = true;
      this.#queue.length = 0;
      this.#queuedBytes = 0;
      this.#wake();
    }
    if (this.#socket.readyState === 0 || this.#socket.readyState === 1) this.#socket.close(1000, 'closed');
  }
}
