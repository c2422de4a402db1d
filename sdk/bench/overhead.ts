import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A client under test, given the server's base URL: one `assistants.list()` call through the
 * global fetch (ours, and Vapi's official SDK for the same figure in the same run).
 */
export type ListCall = (baseUrl: string) => () => Promise<unknown>;

/** Per-request µs of each variant in one round, and each SDK's ratio to raw fetch. */
export interface Round {
  raw: number;
  /** Raw fetch with a timeout signal (`AbortSignal.timeout`), as the SDK always has one. */
  rawTimeout: number;
  sdk: number;
  ratio: number;
  /** Vapi's official SDK (`@vapi-ai/server-sdk`) doing the same call. */
  official: number;
  officialRatio: number;
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
 * Raw fetch, the SDK and the official SDK doing the same work: a GET with the same bearer token,
 * through the same fetch (so the same dispatcher and keep-alive connections), the JSON body
 * parsed by each. For scale, raw fetch with a timeout signal runs too: the SDK always gives fetch
 * one (its per-attempt timeout), and fetch's handling of a signal is part of the gap.
 *
 * Two phases, each client beside raw fetch on its own, as a program using one client runs it:
 * first raw, raw·timeout and this SDK, then raw and the official SDK. Sharing a heap with the
 * official SDK's garbage (about 25× ours per call) raised every variant's GC cost, ours most
 * (1.18× raw fetch interleaved with it, 1.12× without, the same build in the same run).
 * Within a phase, after a warm-up, each round sends `requests` per variant in batches of 50, the
 * variants taking turns and reversing their order each time (raw·timeout·SDK, SDK·timeout·raw…),
 * so drift in machine load and garbage left by one batch land on all alike. Each round's figures
 * are medians over its batches (each ratio over neighbouring batches); the median of the rounds
 * stands for the run.
 */
async function compare(clients: Clients, baseUrl: string, requests: number, rounds: number) {
  const headers = { authorization: 'Bearer sk-bench', accept: 'application/json' };
  const raw = async () => {
    const res = await fetch(`${baseUrl}/assistant`, { headers });
    if (!res.ok) throw new Error(String(res.status));
    await res.json();
  };
  const rawTimeout = async () => {
    const res = await fetch(`${baseUrl}/assistant`, { headers, signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new Error(String(res.status));
    await res.json();
  };
  // No `fetch` option, as most programs: both SDKs use the global fetch, as raw does.
  const ours = await phase({ raw, rawTimeout, sdk: clients.sdk(baseUrl) }, requests, rounds);
  const theirs = await phase({ raw, official: clients.official(baseUrl) }, requests, rounds);
  const results = ours.map((us, i): Round => ({
    raw: us.raw,
    rawTimeout: us.rawTimeout,
    sdk: us.sdk,
    ratio: us.sdk / us.raw,
    official: theirs[i]!.official,
    officialRatio: theirs[i]!.official / theirs[i]!.raw,
  }));
  // Each ratio's median over the batches of a round, not a ratio of medians: neighbouring
  // batches share the machine's state of the moment.
  for (const [i, round] of results.entries()) {
    round.ratio = ours[i]!.ratioMedian;
    round.officialRatio = theirs[i]!.ratioMedian;
  }
  return { rounds: results, median: medians(results) };
}

/**
 * One phase: `raw` and the other variants in interleaved batches. Per round, the median µs per
 * request of each variant, and the median over batches of the last variant's ratio to raw.
 */
async function phase<Name extends string>(
  variants: Record<'raw' | Name, () => Promise<unknown>>,
  requests: number,
  rounds: number,
) {
  type Key = 'raw' | Name;
  const names = Object.keys(variants) as Key[];
  const measured = names[names.length - 1]!;
  const time = async (name: Key, n: number) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) await variants[name]();
    return performance.now() - start;
  };
  for (const name of [...names, ...names]) await time(name, 200);
  const batch = 50;
  const results: (Record<Key, number> & { ratioMedian: number })[] = [];
  for (let round = 0; round < rounds; round++) {
    const batches: Record<Key, number>[] = [];
    for (let done = 0; done < requests; done += batch) {
      const order = batches.length % 2 === 0 ? names : [...names].reverse();
      const us = {} as Record<Key, number>;
      for (const name of order) us[name] = ((await time(name, batch)) / batch) * 1000;
      batches.push(us);
    }
    const perVariant = Object.fromEntries(
      names.map((name) => [name, median(batches.map((b) => b[name]))]),
    ) as Record<Key, number>;
    results.push({ ...perVariant, ratioMedian: median(batches.map((b) => b[measured] / b.raw)) });
  }
  return results;
}

/** Each figure's median on its own: a load spike during one batch moves one pair, not the result. */
const medians = (rounds: Round[]): Round => ({
  raw: median(rounds.map((r) => r.raw)),
  rawTimeout: median(rounds.map((r) => r.rawTimeout)),
  sdk: median(rounds.map((r) => r.sdk)),
  ratio: median(rounds.map((r) => r.ratio)),
  official: median(rounds.map((r) => r.official)),
  officialRatio: median(rounds.map((r) => r.officialRatio)),
});

/** Our SDK and the official one, each as a {@link ListCall}. */
export interface Clients {
  sdk: ListCall;
  official: ListCall;
}

/** `requests` GETs per variant and round to a loopback server, through the platform fetch. */
export async function measureOverhead(clients: Clients, requests: number, rounds = 5): Promise<Overhead> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
    res.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await compare(clients, baseUrl, requests, rounds);
  } finally {
    server.close();
  }
}

/**
 * The same comparison with a fetch that answers from memory: no socket, no server, so what is
 * left is the CPU each side spends per call (the SDK's own work shows up undiluted by I/O). It
 * stands in for the global fetch meanwhile, so both SDKs take their platform-fetch path.
 */
export async function measureOwnWork(clients: Clients, requests: number, rounds = 5): Promise<Overhead> {
  const platform = globalThis.fetch;
  globalThis.fetch = async () => new Response(BODY, { headers: { 'content-type': 'application/json' } });
  try {
    return await compare(clients, 'http://127.0.0.1:9', requests, rounds);
  } finally {
    globalThis.fetch = platform;
  }
}
