/**
 * Per-request overhead vs raw fetch (printed, never asserted): the last section of `npm run
 * bench`, also runnable alone as `node bench/overhead.ts` (on the built dist/).
 *
 * Each variant (this SDK, raw fetch with a timeout signal, Vapi's official SDK) runs beside raw
 * fetch in a process of its own, as a program using one client would: sharing a heap with
 * another client's garbage raised every figure, ours most (interleaved with the official SDK,
 * whose calls allocate ~25× ours, 1.18× raw fetch against 1.12× alone; after the bench's bundling
 * and cold-start runs in the same process, 1.14×).
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as Sdk from '../src/index.ts';

/** A variant's figures in one round: µs per request, its own and raw fetch's, and their ratio. */
export interface Round {
  raw: number;
  variant: number;
  ratio: number;
}

/** One variant's run: each round, and the median of each figure over the rounds. */
export interface Overhead {
  rounds: Round[];
  median: Round;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const BODY = JSON.stringify([{ id: 'asst_1', name: 'Reception', createdAt: '2026-06-01T00:00:00.000Z' }]);

/** One `assistants.list()` (or its raw equivalent), given the server's base URL. */
type Call = (baseUrl: string) => () => Promise<unknown>;

const HEADERS = { authorization: 'Bearer sk-bench', accept: 'application/json' };

const rawFetch =
  (signal?: () => AbortSignal): Call =>
  (baseUrl) =>
  async () => {
    const res = await fetch(`${baseUrl}/assistant`, { headers: HEADERS, signal: signal?.() });
    if (!res.ok) throw new Error(String(res.status));
    await res.json();
  };

/** The variants, each loaded only in its own process. */
const VARIANTS: Record<string, { label: string; load: () => Promise<Call> }> = {
  sdk: {
    label: '@voxdesk/sdk',
    load: async () => {
      const { Vapi } = (await import(new URL('../dist/index.js', import.meta.url).href)) as typeof Sdk;
      // No `fetch` option, as most programs: both SDKs use the global fetch, as raw does.
      return (baseUrl) => {
        const vapi = new Vapi({ token: 'sk-bench', baseUrl });
        return () => vapi.assistants.list();
      };
    },
  },
  // For scale: the SDK always gives fetch a signal (its per-attempt timeout), and fetch's
  // handling of one is part of the gap.
  rawTimeout: {
    label: 'raw fetch with a timeout signal (AbortSignal.timeout)',
    load: async () => rawFetch(() => AbortSignal.timeout(60_000)),
  },
  official: {
    label: 'official SDK (@vapi-ai/server-sdk)',
    load: async () => {
      const { VapiClient } = await import('@vapi-ai/server-sdk');
      return (baseUrl) => {
        const vapi = new VapiClient({ token: 'sk-bench', baseUrl });
        return () => vapi.assistants.list();
      };
    },
  },
};

/**
 * Raw fetch and one variant doing the same work: a GET with the same bearer token, through the
 * same fetch (so the same dispatcher and keep-alive connections), the JSON body parsed by each.
 * After a warm-up, each round sends `requests` per side in batches of 50, the two taking turns
 * and swapping who goes first each time, so drift in machine load and garbage left by one batch
 * land on both alike. A round's figures are medians over its batches (the ratio over neighbouring
 * batches); the median of the rounds stands for the run.
 */
async function compare(variant: Call, baseUrl: string, requests: number, rounds: number): Promise<Overhead> {
  const sides = { raw: rawFetch()(baseUrl), variant: variant(baseUrl) };
  type Side = keyof typeof sides;
  const time = async (side: Side, n: number) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) await sides[side]();
    return ((performance.now() - start) / n) * 1000;
  };
  for (const side of ['raw', 'variant', 'raw', 'variant'] as const) await time(side, 1000);
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const batches: Round[] = [];
    for (let done = 0; done < requests; done += 50) {
      const order: Side[] = batches.length % 2 === 0 ? ['raw', 'variant'] : ['variant', 'raw'];
      const us = { raw: 0, variant: 0 };
      for (const side of order) us[side] = await time(side, 50);
      batches.push({ ...us, ratio: us.variant / us.raw });
    }
    results.push(medians(batches));
  }
  return { rounds: results, median: medians(results) };
}

/** Each figure's median on its own: a load spike during one batch moves one pair, not the result. */
const medians = (rounds: Round[]): Round => ({
  raw: median(rounds.map((r) => r.raw)),
  variant: median(rounds.map((r) => r.variant)),
  ratio: median(rounds.map((r) => r.ratio)),
});

/** `requests` GETs per side and round to a loopback server, through the platform fetch. */
export async function measureOverhead(variant: Call, requests: number, rounds = 5): Promise<Overhead> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
    res.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await compare(variant, baseUrl, requests, rounds);
  } finally {
    server.close();
  }
}

/**
 * The same comparison with a fetch that answers from memory: no socket, no server, so what is
 * left is the CPU each side spends per call (an SDK's own work shows up undiluted by I/O). It
 * stands in for the global fetch meanwhile, so the SDKs take their platform-fetch path.
 */
export async function measureOwnWork(variant: Call, requests: number, rounds = 5): Promise<Overhead> {
  const platform = globalThis.fetch;
  globalThis.fetch = async () => new Response(BODY, { headers: { 'content-type': 'application/json' } });
  try {
    return await compare(variant, 'http://127.0.0.1:9', requests, rounds);
  } finally {
    globalThis.fetch = platform;
  }
}

/** What a child process reports for its variant. */
interface Report {
  overhead: Overhead;
  own: Overhead;
}

if (import.meta.main) {
  const [name] = process.argv.slice(2);
  if (name) {
    // A child: one variant beside raw fetch, the figures as JSON on stdout.
    const variant = await VARIANTS[name]!.load();
    const report: Report = {
      overhead: await measureOverhead(variant, 2000),
      // In memory an SDK call takes a few µs: more calls per batch for the same precision.
      own: await measureOwnWork(variant, 10_000),
    };
    console.log(JSON.stringify(report));
  } else {
    console.log(
      '\n## Per-request overhead vs raw fetch (2,000 GETs per side and round to a loopback server, JSON parsed by each; each variant beside raw fetch in a process of its own; goal ≤ 1.10×)',
    );
    for (const [key, { label }] of Object.entries(VARIANTS)) {
      const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, key], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      if (child.status !== 0) throw new Error(`bench/overhead.ts ${key} failed`);
      const { overhead, own } = JSON.parse(child.stdout) as Report;
      const m = overhead.median;
      console.log(
        `${label}: ${m.variant.toFixed(1)} µs/req against raw fetch ${m.raw.toFixed(1)} µs/req → ${m.ratio.toFixed(2)}× raw fetch ` +
          `(median of ${overhead.rounds.length} rounds: ${overhead.rounds.map((r) => r.ratio.toFixed(2)).join(', ')}); ` +
          `in memory (no socket, 10,000 calls per side and round) ${own.median.ratio.toFixed(2)}×, own work ≈ ${(own.median.variant - own.median.raw).toFixed(1)} µs per call`,
      );
    }
  }
}
