/**
 * Per-request cost of the fake, printed (never asserted): the loopback server against a
 * bare node:http server answering `[]`, and the in-process handler against both.
 * Run: npm run bench -w @voxdesk/vapi-mock
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeVapi, startFakeVapiServer } from '../src/index.ts';

const REQUESTS = 2000;
const TOKEN = 'sk-bench';
const headers = { authorization: `Bearer ${TOKEN}` };

async function time(label: string, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i += 1) await run(); // warm up
  const start = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) await run();
  const perRequest = (performance.now() - start) / REQUESTS;
  console.log(`${label.padEnd(44)} ${(perRequest * 1000).toFixed(0).padStart(6)} µs/request`);
  return perRequest;
}

const bare = createServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/assistant`;

const server = await startFakeVapiServer({ token: TOKEN, seed: { assistants: [{ name: 'Reception' }] } });
const fake = createFakeVapi({ token: TOKEN, seed: { assistants: [{ name: 'Reception' }] } });

console.log(`GET /assistant, ${REQUESTS} sequential requests each (Node ${process.version})`);
const baseline = await time('bare node:http over loopback (baseline)', () =>
  fetch(bareUrl, { headers }).then((r) => r.text()),
);
const loopback = await time('fake Vapi, loopback server', () =>
  fetch(`${server.url}/assistant`, { headers }).then((r) => r.text()),
);
const inProcess = await time('fake Vapi, in-process handler (fake.fetch)', () =>
  fake.fetch(new Request('https://api.vapi.ai/assistant', { headers })).then((r) => r.text()),
);
console.log(`loopback fake / bare server: ${(loopback / baseline).toFixed(2)}×`);
console.log(`in-process handler / bare server: ${(inProcess / baseline).toFixed(2)}×`);

await server.close();
await new Promise((resolve) => bare.close(resolve));
