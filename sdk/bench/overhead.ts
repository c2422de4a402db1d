import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Vapi as VapiType } from '../src/index.ts';

type VapiClass = new (options?: ConstructorParameters<typeof VapiType>[0]) => VapiType;

/** Per-request µs of each variant in one round, and the SDK's ratio to raw fetch. */
export interface Round {
  raw: number;
  /** Raw fetch with a timeout signal (`AbortSignal.timeout`), as the SDK always has one. */
  rawTimeout: number;
  sdk: number;
  ratio: number;
}

export interface Overhead {
  /** One entry per round, in the order run. */
  rounds: Round[];
  /** The median of each figure over the rounds (each taken on its own). */
  median: Round;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const BODY = JSON.stringify([{ id: 'asst_1', name: 'Reception', createdAt: '2026-06-01T00:00:00.000Z' }]);

/**
 * Raw fetch and the SDK doing the same work: a GET with the same bearer token and `accept`,
 * through the same fetch (so the same dispatcher and keep-alive connections), the JSON body
 * parsed by both. For scale, raw fetch with a timeout signal runs too: the SDK always gives fetch
 * one (its per-attempt timeout), and fetch's handling of a signal is part of the gap.
 * After a warm-up, each round sends `requests` per variant in batches of 50, the variants taking
 * turns and reversing their order each time (raw·timeout·SDK, SDK·timeout·raw…), so drift in
 * machine load and garbage left by one batch land on all alike. Each round's figures are
 * medians over its batches (the ratio over neighbouring raw and SDK batches); the median of the
 * rounds stands for the run.
 */
async function compare(Vapi: VapiClass, baseUrl: string, requests: number, rounds: number) {
  const headers = { authorization: 'Bearer sk-bench', accept: 'application/json' };
  // No `fetch` option, as most programs: the SDK uses the global fetch, as raw does.
  const vapi = new Vapi({ token: 'sk-bench', baseUrl });
  const variants = {
    raw: async () => {
      const res = await fetch(`${baseUrl}/assistant`, { headers });
      if (!res.ok) throw new Error(String(res.status));
      await res.json();
    },
    rawTimeout: async () => {
      const res = await fetch(`${baseUrl}/assistant`, { headers, signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(String(res.status));
      await res.json();
    },
    sdk: () => vapi.assistants.list(),
  };
  type Name = keyof typeof variants;
  const time = async (name: Name, n: number) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) await variants[name]();
    return performance.now() - start;
  };
  const names = Object.keys(variants) as Name[];
  for (const name of [...names, ...names]) await time(name, 200);
  const batch = 50;
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    // µs per request of each batch, the variants' batches grouped as they ran side by side.
    const pairs: Round[] = [];
    for (let done = 0; done < requests; done += batch) {
      const order = pairs.length % 2 === 0 ? names : [...names].reverse();
      const us = { raw: 0, rawTimeout: 0, sdk: 0 };
      for (const name of order) us[name] = ((await time(name, batch)) / batch) * 1000;
      pairs.push({ ...us, ratio: us.sdk / us.raw });
    }
    results.push(medians(pairs));
  }
  return { rounds: results, median: medians(results) };
}

/** Each figure's median on its own: a load spike during one batch moves one pair, not the result. */
const medians = (rounds: Round[]): Round => ({
  raw: median(rounds.map((r) => r.raw)),
  rawTimeout: median(rounds.map((r) => r.rawTimeout)),
  sdk: median(rounds.map((r) => r.sdk)),
  ratio: median(rounds.map((r) => r.ratio)),
});

/** `requests` GETs per variant and round to a loopback server, through the platform fetch. */
export async function measureOverhead(Vapi: VapiClass, requests: number, rounds = 5): Promise<Overhead> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
    res.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await compare(Vapi, baseUrl, requests, rounds);
  } finally {
    server.close();
  }
}

/**
 * The same comparison with a fetch that answers from memory: no socket, no server, so what is
 * left is the CPU each side spends per call (the SDK's own work shows up undiluted by I/O). It
 * stands in for the global fetch meanwhile, so the SDK takes its platform-fetch path.
 */
export async function measureOwnWork(Vapi: VapiClass, requests: number, rounds = 5): Promise<Overhead> {
  const platform = globalThis.fetch;
  globalThis.fetch = async () => new Response(BODY, { headers: { 'content-type': 'application/json' } });
  try {
    return await compare(Vapi, 'http://127.0.0.1:9', requests, rounds);
  } finally {
    globalThis.fetch = platform;
  }
}
