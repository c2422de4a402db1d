/**
 * A call's listen socket (`call.monitor.listenUrl`, `ws://…/__monitor/<callId>/listen` on the
 * loopback server). It replays a short recorded call (`recordings/listen-call.pcm`, made by the
 * script beside it) as Vapi's audio sockets send it: a `start` text frame, then 16-bit PCM at
 * 16 kHz with two interleaved channels (customer, assistant) in 20 ms binary frames, with a
 * final `transcript` message after each line; then it closes normally (code 1000).
 *
 * It takes no API key: only a public key, and only when the assistant's
 * `monitorPlan.listenAuthenticationEnabled` is on (Vapi's OpenAPI document); otherwise the
 * upgrade is refused with 401. Faults a test can queue (`listenNext`): a drop mid-stream (the
 * TCP connection cut, no close frame), the call replayed many times as fast as the socket
 * takes it (to outrun a slow consumer), and the pace of frames.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type * as Ws from 'ws';
import type { WebSocket } from 'ws';
import type { LiveCalls } from './live-calls.ts';
import type { FakeVapiState } from './state.ts';

// why: Node's own resolution, not the bundler's: under a browser-like test environment (the
// site's jsdom tests start this fake too) a bare `import 'ws'` resolves to ws's browser stub,
// which has no server. The fake only ever runs on Node.
const { WebSocketServer } = createRequire(import.meta.url)('ws') as typeof Ws;

/** How the next listen socket misbehaves (`server.listenNext(fault)`). */
export interface ListenFault {
  /** ms between 20 ms frames (default 20: real time; 0: as fast as the socket takes them). */
  frameMs?: number;
  /** Cut the connection (no close frame) after this many audio frames. */
  dropAfter?: number;
  /** Play the recorded call this many times in a row (default 1). */
  repeat?: number;
}

/** The recorded call: its PCM and when each line's transcript is sent. */
export interface ListenFixture {
  pcm: Uint8Array;
  sampleRate: number;
  channels: number;
  frameSamples: number;
  lines: { role: 'user' | 'assistant'; text: string; endsAtFrame: number }[];
}

// A path, not `new URL('…', import.meta.url)`: when the site's component tests (jsdom) load
// this fake, Vite rewrites that pattern into an asset URL against the page's location, which
// an earlier file in the worker may have moved or replaced (as password-policy.ts notes).
const RECORDINGS = join(dirname(fileURLToPath(import.meta.url)), '../recordings');

/** The recorded call the listen socket replays (read once). */
export const listenFixture: () => ListenFixture = (() => {
  let loaded: ListenFixture | undefined;
  return () =>
    (loaded ??= {
      ...(JSON.parse(readFileSync(join(RECORDINGS, 'listen-call.json'), 'utf8')) as Omit<
        ListenFixture,
        'pcm'
      >),
      pcm: new Uint8Array(readFileSync(join(RECORDINGS, 'listen-call.pcm'))),
    });
})();

const KNOWN = ['frameMs', 'dropAfter', 'repeat'];

export class ListenFaults {
  #queue: ListenFault[] = [];
  add(fault: ListenFault): void {
    const unknown = Object.keys(fault).filter((key) => !KNOWN.includes(key));
    if (unknown.length)
      throw new TypeError(`listenNext: unknown "${unknown.join('", "')}". Known: ${KNOWN.join(', ')}.`);
    for (const key of KNOWN) {
      const value = fault[key as keyof ListenFault];
      if (value !== undefined && !(Number.isInteger(value) && value >= 0))
        throw new TypeError(`listenNext: ${key} must be an integer ≥ 0, got ${String(value)}.`);
    }
    this.#queue.push(fault);
  }
  take(): ListenFault {
    return this.#queue.shift() ?? {};
  }
  clear(): void {
    this.#queue = [];
  }
}

const LISTEN_PATH = /^\/__monitor\/([^/]+)\/listen$/;

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({
    message,
    error: status === 401 ? 'Unauthorized' : 'Not Found',
    statusCode: status,
  });
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Not Found'}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** Serves listen sockets for the server's `upgrade` event; `close()` ends the open ones. */
export function createListenSockets(deps: { state: FakeVapiState; calls: LiveCalls; faults: ListenFaults }) {
  const server = new WebSocketServer({ noServer: true });
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    deps.state.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      ),
      body: '',
    });
    const id = LISTEN_PATH.exec(url.pathname)?.[1];
    if (!id) return refuse(socket, 404, `Cannot upgrade ${url.pathname}`);
    deps.calls.advance();
    const record = deps.state.calls.get(decodeURIComponent(id));
    if (
      !record ||
      !(record.monitor as { listenUrl?: string } | undefined)?.listenUrl ||
      record.status === 'ended'
    )
      return refuse(socket, 404, 'Call not found or not live.');
    const denied = deps.calls.listenAuthProblem(record, request.headers.authorization ?? null);
    if (denied) return refuse(socket, 401, denied);
    const fault = deps.faults.take();
    server.handleUpgrade(request, socket, head, (ws) => void play(ws, fault));
  };
  return {
    upgrade,
    close: () => {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}

/** Sends the recorded call (`repeat` times) on an open socket, as the fault says. */
async function play(ws: WebSocket, { frameMs = 20, dropAfter, repeat = 1 }: ListenFault): Promise<void> {
  const fixture = listenFixture();
  const frameBytes = fixture.frameSamples * fixture.channels * 2;
  const frames = fixture.pcm.length / frameBytes;
  const { sampleRate, channels } = fixture;
  ws.send(JSON.stringify({ type: 'start', encoding: 'linear16', container: 'raw', sampleRate, channels }));
  let sent = 0;
  // Resolves once the latest frame reached the kernel: a drop must not discard frames sent before it.
  let flushed: Promise<unknown> = Promise.resolve();
  for (let round = 0; round < repeat; round++) {
    for (let frame = 0; frame < frames; frame++) {
      if (ws.readyState !== ws.OPEN) return;
      if (dropAfter !== undefined && sent === dropAfter) {
        await flushed;
        ws.terminate(); // the TCP connection is cut: no close frame
        return;
      }
      const bytes = fixture.pcm.subarray(frame * frameBytes, (frame + 1) * frameBytes);
      flushed = new Promise((resolve) => ws.send(bytes, resolve));
      sent++;
      for (const line of fixture.lines)
        if (line.endsAtFrame === frame + 1)
          ws.send(
            JSON.stringify({
              type: 'transcript',
              role: line.role,
              transcriptType: 'final',
              transcript: line.text,
            }),
          );
      if (frameMs) await new Promise((resolve) => setTimeout(resolve, frameMs));
      // As fast as the socket takes them: wait while the kernel's buffer is full.
      else
        while (ws.bufferedAmount > 256 * 1024 && ws.readyState === ws.OPEN) await new Promise(setImmediate);
    }
  }
  ws.close(1000, 'call ended');
}
