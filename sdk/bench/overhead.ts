import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Vapi as VapiType } from '../src/index.ts';

type VapiClass = new (options?: ConstructorParameters<typeof VapiType>[0]) => VapiType;

/** Times raw fetch and the SDK against the same loopback server, interleaved in rounds. */
export async function measureOverhead(Vapi: VapiClass, requests: number) {
  const body = JSON.stringify([{ id: 'asst_1', name: 'Reception', createdAt: '2026-06-01T00:00:00.000Z' }]);
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const vapi = new Vapi({ token: 'sk-bench', baseUrl });
  const raw = async () => {
    const res = await fetch(`${baseUrl}/assistant`, {
      headers: { authorization: 'Bearer sk-bench', accept: 'application/json' },
    });
    if (!res.ok) throw new Error(String(res.status));
    await res.json();
  };
  const sdk = () => vapi.assistants.list();

  const time = async (fn: () => Promise<unknown>, n: number) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return performance.now() - start;
  };
  await time(raw, 200);
  await time(sdk, 200);
  // Small interleaved batches, so drift in machine load hits both sides alike.
  let rawMs = 0;
  let sdkMs = 0;
  const batch = 100;
  for (let done = 0; done < requests; done += batch) {
    rawMs += await time(raw, batch);
    sdkMs += await time(sdk, batch);
  }
  server.close();
  return { rawMs, sdkMs, rawPerReq: rawMs / requests, sdkPerReq: sdkMs / requests, ratio: sdkMs / rawMs };
}
