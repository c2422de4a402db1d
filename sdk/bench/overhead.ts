import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Vapi as VapiType } from '../src/index.ts';

type VapiClass = new (options?: ConstructorParameters<typeof VapiType>[0]) => VapiType;

export interface Overhead {
  /** Total ms per variant over `requests` calls. */
  raw: number;
  sdk: number;
  requests: number;
}

/**
 * Times raw fetch and the SDK against one loopback server, in small interleaved batches so
 * drift in machine load hits both alike.
 */
export async function measureOverhead(Vapi: VapiClass, requests: number): Promise<Overhead> {
  const body = JSON.stringify([{ id: 'asst_1', name: 'Reception', createdAt: '2026-06-01T00:00:00.000Z' }]);
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = { authorization: 'Bearer sk-bench', accept: 'application/json' };
  const vapi = new Vapi({ token: 'sk-bench', baseUrl });
  const variants = {
    raw: async () => {
      const res = await fetch(`${baseUrl}/assistant`, { headers });
      if (!res.ok) throw new Error(String(res.status));
      await res.json();
    },
    sdk: () => vapi.assistants.list(),
  };
  const totals = { raw: 0, sdk: 0 };
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
