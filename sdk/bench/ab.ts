/**
 * A/B of the SDK's per-request cost (printed, never asserted): `node bench/ab.ts <git-ref>
 * [batches]` compares the working tree's `src/` against the same folder at `<git-ref>`, in one
 * process, both beside raw fetch against a loopback server, as bench/overhead.ts does. A change
 * of 1-3 % is below the noise of two separate runs on a shared machine; here the three variants
 * take turns in batches (order reversed each time), and each batch's CPU time
 * (`process.cpuUsage`, the server's included) and wall time are divided by its neighbouring raw
 * batch. Printed: the median of each ratio, its interquartile range, and the load average.
 * Run it twice with the sides swapped (`--swap`): the side imported second tends to run a little
 * faster, so an honest gain shows on both runs. `--memory` answers from memory instead of the
 * server (as bench/overhead.ts's own-work figure): no socket, so the SDK's own CPU shows undiluted.
 * `--alloc` prints figures that do not move with the machine's load, from memory too: promises
 * made per call (async_hooks) and bytes allocated per call (heap growth between two GCs).
 */
import { createHook } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type * as Sdk from '../src/index.ts';

const [refArg, batchesArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!refArg) {
  console.error('usage: node bench/ab.ts <git-ref> [batches] [--swap]');
  process.exit(2);
}
const ref: string = refArg;
const swap = process.argv.includes('--swap');
const alloc = process.argv.includes('--alloc');
const memory = alloc || process.argv.includes('--memory');
const batches = Number(batchesArg ?? 60);
const sdkDir = new URL('..', import.meta.url).pathname;
// Inside sdk/, so the package's `#imports` resolve for the old tree as for the new.
const oldDir = `${sdkDir}.ab-${process.pid}/`;
mkdirSync(oldDir);
try {
  const archive = execFileSync('git', ['archive', ref, 'src'], { cwd: sdkDir, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', oldDir], { input: archive });
  await run();
} finally {
  rmSync(oldDir, { recursive: true, force: true });
}

async function run() {
  const BODY = JSON.stringify([{ id: 'asst_1', name: 'Reception', createdAt: '2026-06-01T00:00:00.000Z' }]);
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
    res.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (memory)
    globalThis.fetch = async () => new Response(BODY, { headers: { 'content-type': 'application/json' } });
  const load = (dir: string) => import(`${dir}index.ts`) as Promise<typeof Sdk>;
  const first = await load(swap ? `${sdkDir}src/` : `${oldDir}src/`);
  const second = await load(swap ? `${oldDir}src/` : `${sdkDir}src/`);
  const [before, after] = swap ? [second, first] : [first, second];
  const a = new before.Vapi({ token: 'sk-bench', baseUrl });
  const b = new after.Vapi({ token: 'sk-bench', baseUrl });
  const headers = { authorization: 'Bearer sk-bench', accept: 'application/json' };
  const variants: Record<string, () => Promise<unknown>> = {
    raw: async () => {
      const res = await fetch(`${baseUrl}/assistant`, { headers });
      if (!res.ok) throw new Error(String(res.status));
      await res.json();
    },
    [ref]: () => a.assistants.list(),
    'working tree': () => b.assistants.list(),
  };
  const names = Object.keys(variants);
  const time = async (name: string, n: number) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < n; i++) await variants[name]!();
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
  };
  for (const name of [...names, ...names]) await time(name, 300);
  if (alloc) {
    await allocations(names, variants);
    server.close();
    return;
  }
  const ratios: Record<string, number[]> = {};
  const add = (key: string, value: number) => (ratios[key] ??= []).push(value);
  // A call from memory takes ~20 µs: bigger batches, so that GC pauses average out.
  const batch = memory ? 1000 : 100;
  for (let i = 0; i < batches; i++) {
    const order = i % 2 ? names : [...names].reverse();
    const t: Record<string, { wall: number; cpu: number }> = {};
    for (const name of order) t[name] = await time(name, batch);
    for (const name of names.slice(1)) {
      add(`${name}: CPU / raw`, t[name]!.cpu / t.raw!.cpu);
      add(`${name}: wall / raw`, t[name]!.wall / t.raw!.wall);
    }
    add(`working tree / ${ref}: CPU`, t['working tree']!.cpu / t[ref]!.cpu);
    add(`working tree / ${ref}: wall`, t['working tree']!.wall / t[ref]!.wall);
  }
  server.close();
  const quantile = (values: number[], q: number) =>
    [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) * q)]!;
  console.log(
    `${batches} batches of ${batch} per variant${memory ? ', fetch from memory' : ''}; imported second: ${swap ? ref : 'working tree'}`,
  );
  for (const [key, values] of Object.entries(ratios)) {
    const iqr = `${quantile(values, 0.25).toFixed(3)}-${quantile(values, 0.75).toFixed(3)}`;
    console.log(`${key.padEnd(32)} median ${quantile(values, 0.5).toFixed(3)} (IQR ${iqr})`);
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

/**
 * Promises per call and bytes allocated per call of each variant. Bytes: the heap's growth over
 * a batch that starts right after a full GC and is small enough to end before the next one (a
 * batch that saw a GC is run again); the median of 9 batches.
 */
async function allocations(names: string[], variants: Record<string, () => Promise<unknown>>) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const calls = 200;
  for (const name of names) {
    let promises = 0;
    const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && promises++) }).enable();
    for (let i = 0; i < calls; i++) await variants[name]!();
    hook.disable();
    const bytes: number[] = [];
    while (bytes.length < 9) {
      gc();
      const { heapUsed, ...before } = process.memoryUsage();
      for (let i = 0; i < calls; i++) await variants[name]!();
      const after = process.memoryUsage();
      // A GC in between shrinks the heap or its total; such a batch is not counted.
      if (after.heapUsed > heapUsed && after.heapTotal === before.heapTotal)
        bytes.push((after.heapUsed - heapUsed) / calls);
    }
    bytes.sort((x, y) => x - y);
    console.log(
      `${name.padEnd(14)} ${(promises / calls).toFixed(1)} promises/call, ${Math.round(bytes[4]!)} B/call (IQR ${Math.round(bytes[2]!)}-${Math.round(bytes[6]!)})`,
    );
  }
}
