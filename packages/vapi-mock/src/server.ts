/**
 * `startFakeVapiServer()`: the same fake on a real node:http server at 127.0.0.1:<port>,
 * for child-process tests (CLI binary, examples, the site's server).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Fault } from './faults.ts';
import type { StreamFault } from './streams.ts';
import type { FakeVapiOptions } from './fake.ts';
import { createCore } from './fake.ts';
import { checkOptions } from './check-options.ts';
import type { FakeVapiState } from './state.ts';
import { createListenSockets, ListenFaults, type ListenFault } from './listen-socket.ts';

export type FakeVapiServerOptions = Omit<FakeVapiOptions, 'baseUrl'> & {
  /** Port to listen on. Default 0 (any free port). */
  port?: number;
};

export interface FakeVapiServer {
  /** `http://127.0.0.1:<port>`: use it as the SDK's `baseUrl`. */
  url: string;
  state: FakeVapiState;
  reset(): void;
  failNext(times: number, fault: Fault): void;
  /** Move created calls along to `now()` (every request does this first). */
  advanceCalls(): void;
  /** Make the next streamed chat answer misbehave: drop, error event, slow drip, or hold. */
  streamNext(fault: StreamFault): void;
  /** Make the next listen socket misbehave: drop mid-stream, replay many times, change its pace. */
  listenNext(fault: ListenFault): void;
  close(): Promise<void>;
}

export async function startFakeVapiServer(options: FakeVapiServerOptions = {}): Promise<FakeVapiServer> {
  checkOptions('startFakeVapiServer', options);
  const { port = 0, ...fakeOptions } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(
      `startFakeVapiServer: port must be an integer from 0 to 65535 (0: any free port), got ${port}.`,
    );
  }
  const core = createCore(fakeOptions, '');
  const listener = getRequestListener(
    async (request, env) => {
      const response = await core.handle(request);
      if (response.type !== 'error') return response;
      // An injected network failure: drop the connection; what follows is written nowhere.
      env.incoming.socket.destroy();
      return new Response(null, { status: 502 });
    },
    // Leave the process's Request/Response alone: clients in the same process (tests) use them.
    { overrideGlobalObjects: false },
  );
  // The listener answers its own errors (a 500), so its promise is not awaited here.
  const server = createServer((request, response) => void listener(request, response));
  // Calls' listen URLs are WebSockets on this server (the msw fake has none).
  const listenFaults = new ListenFaults();
  const listen = createListenSockets({ state: core.state, calls: core.calls, faults: listenFaults });
  server.on('upgrade', listen.upgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    state: core.state,
    reset: () => {
      core.reset();
      listenFaults.clear();
    },
    failNext: core.failNext,
    advanceCalls: core.advanceCalls,
    streamNext: core.streamNext,
    listenNext: (fault) => listenFaults.add(fault),
    close: () =>
      new Promise<void>((resolve, reject) => {
        listen.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
