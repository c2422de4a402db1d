/**
 * `@voxdesk/sdk/listen`: a live call's audio and events from its `monitor.listenUrl` (Vapi's
 * "Call Listen"), over the platform `WebSocket`.
 *
 * ```ts
 * import { listenToCall } from '@voxdesk/sdk/listen';
 * const listener = await listenToCall(vapi, callId);
 * for await (const item of listener) if (item.kind === 'audio') console.log(item.pcm.length);
 * ```
 *
 * Credential: the listen URL takes no API key. Vapi's OpenAPI document
 * (`MonitorPlan.listenAuthenticationEnabled`) says that when an assistant turns listen
 * authentication on, the URL needs `Authorization: Bearer <public key>`; so the private key is
 * never sent, and `publicKey`, when given, is. Browsers' `WebSocket` cannot send that header:
 * there `publicKey` fails with an error naming the fix (listen from a server, or pass a
 * `WebSocket` class that takes `{ headers }`). Node (≥ 22: undici's `WebSocket`), Deno and
 * Bun can.
 *
 * An entry of its own, like `/control` and `/streaming`, so `new Vapi()` bundles do not carry it.
 * @module @voxdesk/sdk/listen
 */
import type { VapiCore } from '../client.ts';
import { VapiAbortError, VapiArgumentError, VapiConnectionError, VapiTimeoutError } from '../errors.ts';
import { path } from '../path.ts';
import { CallListener } from './listener.ts';

export {
  CallListener,
  VapiListenOverflowError,
  type AudioFrame,
  type ListenEvent,
  type ListenItem,
  type ListenMessage,
  type ListenStartMessage,
} from './listener.ts';

/** A call, or what of it listen needs: its `monitor.listenUrl` (and its id for errors). */
export interface ListenableCall {
  id?: string | undefined;
  monitor?: { listenUrl?: string | undefined } | undefined;
}

/** A `WebSocket` class; its second argument may be `{ headers }` (undici's and the `ws` package's are). */
export type WebSocketClass = new (url: string, init?: { headers?: Record<string, string> }) => WebSocket;

/** Options of `listenToCall()`. */
export interface ListenOptions {
  /**
   * Your public key, sent as `Authorization: Bearer <publicKey>`: needed only when the
   * assistant's `monitorPlan.listenAuthenticationEnabled` is on. Without it no key is sent.
   */
  publicKey?: string | undefined;
  /** Aborts the connection or the listening: the iteration throws `VapiAbortError`. */
  signal?: AbortSignal | undefined;
  /** ms to wait for the socket to open (default 30,000); then `VapiTimeoutError`. */
  timeout?: number | undefined;
  /**
   * Most bytes of audio and events waiting for a slow consumer (default 4 MiB, about 65 s of
   * 16 kHz stereo); past it `onOverflow` applies.
   */
  maxBufferedBytes?: number | undefined;
  /** `'error'` (default): fail with `VapiListenOverflowError`; `'drop-oldest'`: drop the oldest audio. */
  onOverflow?: 'error' | 'drop-oldest' | undefined;
  /** The audio's rate until a `start` frame says otherwise (default 16,000 Hz). */
  sampleRate?: number | undefined;
  /** Interleaved channels until a `start` frame says otherwise (default 2: customer, assistant). */
  channels?: number | undefined;
  /** The `WebSocket` class (default the platform's `globalThis.WebSocket`). */
  WebSocket?: WebSocketClass | undefined;
}

/** Whether this runtime's own `WebSocket` takes a `headers` init (undici in Node, Deno, Bun). */
function platformSendsHeaders(): boolean {
  const g = globalThis as { process?: { versions?: { node?: string } }; Deno?: unknown; Bun?: unknown };
  return Boolean(g.process?.versions?.node || g.Deno || g.Bun);
}

/**
 * Opens a live call's listen socket; resolves once it is open, with a `CallListener` yielding
 * `{ kind: 'audio', pcm, channels, sampleRate }` frames and `{ kind: 'event', message }` JSON
 * events until the call ends. `close()`, `break` or `signal` stop it; nothing reconnects.
 *
 * @param core the client that fetches the call when given an id (its token is never sent to
 *   the listen URL)
 * @param call the call (with its `monitor`), its id, or a function fetching it
 * @throws VapiArgumentError when the call has no listen URL or the runtime cannot send `publicKey`
 * @throws VapiConnectionError when the socket closes before opening (a 401 from the listen host
 *   arrives as this: check `publicKey` and the assistant's `monitorPlan`)
 */
export async function listenToCall(
  core: VapiCore,
  call: string | ListenableCall | (() => Promise<ListenableCall>),
  options: ListenOptions = {},
): Promise<CallListener> {
  const {
    publicKey,
    signal,
    timeout = 30_000,
    maxBufferedBytes = 4 * 1024 * 1024,
    onOverflow = 'error',
    sampleRate = 16_000,
    channels = 2,
  } = options;
  if (onOverflow !== 'error' && onOverflow !== 'drop-oldest')
    throw new VapiArgumentError(`onOverflow must be 'error' or 'drop-oldest', not ${String(onOverflow)}`);
  if (!(typeof timeout === 'number' && timeout > 0))
    throw new VapiArgumentError(`timeout must be a number of ms > 0, not ${String(timeout)}`);
  for (const [name, value] of Object.entries({ maxBufferedBytes, sampleRate, channels }))
    if (!Number.isInteger(value) || value <= 0)
      throw new VapiArgumentError(`${name} must be a positive integer, not ${String(value)}`);
  // The platform's class, typed as taking `{ headers }` (checked just below where it cannot).
  const platform = (globalThis as { WebSocket?: unknown }).WebSocket as WebSocketClass | undefined;
  const Socket = options.WebSocket ?? platform;
  if (!Socket)
    throw new VapiArgumentError(
      'this runtime has no WebSocket: pass one as the WebSocket option (e.g. from `ws`)',
    );
  if (publicKey && !options.WebSocket && !platformSendsHeaders())
    throw new VapiArgumentError(
      "this runtime's WebSocket cannot send headers, and the listen URL needs `Authorization: Bearer <public key>` " +
        '(listenAuthenticationEnabled): listen from a server (Node ≥ 22, Deno, Bun), or pass a WebSocket class ' +
        'that takes { headers } as the WebSocket option',
    );

  const found =
    typeof call === 'string'
      ? await core.send<ListenableCall>({ path: path`/call/${call}`, options: { signal } })
      : typeof call === 'function'
        ? await call()
        : call;
  const url = found?.monitor?.listenUrl;
  if (!url || !URL.canParse(url) || !/^wss?:$/.test(new URL(url).protocol))
    throw new VapiArgumentError(
      `call ${found?.id} has no monitor.listenUrl (ws: or wss:): not live, or monitorPlan.listenEnabled is false`,
    );
  if (signal?.aborted)
    throw new VapiAbortError('listening was aborted before connecting', { method: 'GET', url });

  const socket = new Socket(
    url,
    publicKey ? { headers: { authorization: `Bearer ${publicKey}` } } : undefined,
  );
  const listener = new CallListener(socket, {
    url,
    sampleRate,
    channels,
    maxBufferedBytes,
    onOverflow,
    signal,
  });
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.removeEventListener('open', onOpen);
      socket.removeEventListener('close', onClose);
      if (error) {
        listener.close();
        reject(error);
      } else resolve();
    };
    const onOpen = () => done();
    const onClose = (event: CloseEvent) =>
      done(
        new VapiConnectionError(
          `GET ${new URL(url).pathname}: the listen socket closed before opening (code ${event.code}); ` +
            'a refused credential looks like this: check publicKey and monitorPlan.listenAuthenticationEnabled',
          { method: 'GET', url },
        ),
      );
    const onAbort = () =>
      done(new VapiAbortError('listening was aborted while connecting', { method: 'GET', url }));
    const timer = setTimeout(
      () =>
        done(
          new VapiTimeoutError(`the listen socket did not open within ${timeout} ms`, { method: 'GET', url }),
        ),
      timeout,
    );
    socket.addEventListener('open', onOpen);
    socket.addEventListener('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  return listener;
}
