import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KyInstance } from 'ky';
import type { Vapi as VapiType } from '../src/index.ts';

type VapiClass = new (options?: ConstructorParameters<typeof VapiType>[0]) => VapiType;

export interface Overhead {
  /** Total ms per variant over `requests` calls. */
  raw: number;
  ky: number;
  sdk: number;
  requests: number;
}

/**
 * Times raw fetch, ky alone (same settings as the SDK) and the SDK against one loopback
 * server, in small interleaved batches so drift in machine load hits all three alike.
 */
export async function measureOverhead(Vapi: VapiClass, ky: KyInstance, requests: number): Promise<Overhead> {
  const body = JSON.stringify([{ id: 'asst_1', name: 'Reception', createdAt: '2026-06-01T00:00:00.000Z' }]);
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = { authorization: 'Bearer sk-bench', accept: 'application/json' };
  const vapi = new Vapi({ token: 'sk-bench', baseUrl });
  const api = ky.create({ credentials: 'same-origin', redirect: 'follow', referrerPolicy: 'no-referrer' });
  const variants = {
    raw: async () => {
      const res = await fetch(`${baseUrl}/assistant`, { headers });
      if (!res.ok) throw new Error(String(res.status));
      await res.json();
    },
    ky: async () => {
      await (await api(`${baseUrl}/assistant`, { headers, timeout: 60_000, retry: 2 })).json();
    },
    sdk: () => vapi.assistants.list(),
  };
  const totals = { raw: 0, ky: 0, sdk: 0 };
  const batch = 50;
  for (const fn of Object.values(variants)) for (let i = 0; i < 200; i++) await fn();
  for (let done = 0; done < requests; done += batch) {
    for (const [name, fn] of Object.entries(variants)) {
      const start = performance.now();
      for (let i = 0; i < batch; i++) await fn();
      totals[name as keyof typeof totals] += performance.now() - start;
    }
  }
  server.close();
  return { ...totals, requests };
}
