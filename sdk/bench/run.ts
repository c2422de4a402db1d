/**
 * SDK benchmarks (printed, never asserted): `npm run bench -w @voxdesk/sdk`.
 *  1. min+gz bundle of `new Vapi({ token }).assistants.list()`, of one `@voxdesk/sdk/fn` call,
 *     and of the same call with Vapi's official SDK (`--explain`: what fills each bundle)
 *  2. cold start: importing and requiring the built SDK (dist/) vs `node -e 0`, beside the
 *     official SDK, in the same run
 *  3. per-request overhead vs raw fetch, ours and the official SDK's (bench/overhead.ts): 2,000
 *     GETs per round to a loopback server (median of 5 interleaved rounds), and each SDK's own
 *     CPU per call with an in-memory fetch
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const sdkDir = new URL('..', import.meta.url);
// Bundles are self-contained, so they can live outside the repo.
const outDir = pathToFileURL(`${mkdtempSync(join(tmpdir(), 'voxdesk-sdk-bench-'))}/`);

const explain = process.argv.includes('--explain');

interface Sizes {
  /** All of it as one bundle. */
  single: number;
  /** Loaded with the entry (all a successful call needs): the entry chunk and its static imports. */
  atImport: number;
  /** Chunks only a dynamic `import()` reaches: loaded on first use of what they hold. */
  onUse: number;
  /** With `--explain`: the largest inputs of the one bundle. */
  inputs: string;
}

/** min+gz of a program as one esbuild bundle, and per chunk of a code-split one. */
async function minGz(contents: string): Promise<Sizes> {
  const single = await build({
    stdin: { contents, resolveDir: sdkDir.pathname, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: explain,
    conditions: ['source'],
  });
  let inputs = '';
  if (single.metafile) {
    // The ten largest inputs by minified bytes, to see what a goal is up against.
    const output = Object.values(single.metafile.outputs)[0]!;
    const top = Object.entries(output.inputs)
      .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
      .slice(0, 10)
      .map(([input, { bytesInOutput }]) => `${bytesInOutput} B ${input.replace(/^.*node_modules\//, '')}`);
    inputs = `\n  ${output.bytes} B minified; largest inputs: ${top.join(', ')}`;
  }
  const result = await build({
    stdin: { contents, resolveDir: sdkDir.pathname, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: new URL('./bundle/', outDir).pathname,
    write: false,
    metafile: true,
    conditions: ['source'],
  });
  const outputs = result.metafile.outputs;
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const imp of outputs[name]!.imports) if (imp.kind === 'import-statement') visit(imp.path);
    };
    roots.forEach(visit);
    return seen;
  };
  const names = Object.keys(outputs).filter((name) => !name.endsWith('.map'));
  const entry = names.find((name) => outputs[name]!.entryPoint)!;
  const atImport = closure([entry]);
  const sizes = {
    single: gzipSync(single.outputFiles[0]!.contents, { level: 9 }).length,
    atImport: 0,
    onUse: 0,
    inputs,
  };
  for (const file of result.outputFiles) {
    const name = names.find((o) => resolve(o) === file.path);
    if (!name) continue;
    const gz = gzipSync(file.contents, { level: 9 }).length;
    if (atImport.has(name)) sizes.atImport += gz;
    else sizes.onUse += gz;
  }
  return sizes;
}

console.log(
  `Machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} (timings are only comparable within one run)\n`,
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
// What a code-split bundle loads when: paging, uploads and error mapping are static imports
// (lazy ones cost more bytes in module wrappers than they saved), so all of it loads at import.
const split = (sizes: Sizes) =>
  sizes.onUse
    ? `${kb(sizes.atImport)} at import, ${kb(sizes.onUse)} only on first use (dynamic imports)`
    : `all ${kb(sizes.atImport)} at import (nothing is left to load on first use)`;
// Vapi's official SDK (@vapi-ai/server-sdk, a devDependency for this line only), measured in
// the same run: the same call, the same esbuild settings.
const official = await minGz(
  "import { VapiClient } from '@vapi-ai/server-sdk'; await new VapiClient({ token: 'sk' }).assistants.list();",
);
const vsOfficial = (bytes: number) => `${(bytes / official.single).toFixed(2)}× the official SDK`;
console.log(
  `## Bundle: new Vapi({ token }).assistants.list() (esbuild, minified, gzip -9; goal ≤ 10,000 B as one bundle)`,
);
console.log(
  `Vapi's official SDK (@vapi-ai/server-sdk), new VapiClient({ token }).assistants.list(): ${official.single} B as one bundle${official.inputs}`,
);
const app = "import { Vapi } from './src/index.ts'; await new Vapi({ token: 'sk' }).assistants.list();";
const sdk = await minGz(app);
console.log(
  `@voxdesk/sdk: ${sdk.single} B as one bundle (${vsOfficial(sdk.single)}). ` +
    `Code-split: ${split(sdk)}${sdk.inputs}`,
);

console.log(
  '\n## Bundle: only listAssistants from @voxdesk/sdk/fn (esbuild, minified, gzip -9; goal ≤ 7,000 B as one bundle)',
);
// With the smallest client (VapiCore), as the fn entry documents, and with VapiClient (+ request()).
const fnApps = {
  VapiCore:
    "import { VapiCore, listAssistants } from './src/fn.ts'; await listAssistants(new VapiCore({ token: 'sk' }));",
  VapiClient:
    "import { VapiClient, listAssistants } from './src/fn.ts'; await listAssistants(new VapiClient({ token: 'sk' }));",
};
for (const [client, fnApp] of Object.entries(fnApps)) {
  const fn = await minGz(fnApp);
  console.log(
    `new ${client}(): ${fn.single} B as one bundle (${vsOfficial(fn.single)}); code-split: ${split(fn)}${fn.inputs}`,
  );
}

// The BUILT dist/ as a user's bundler sees it (esbuild, Vite, webpack): any warning fails the bench.
console.log(
  '\n## Bundle: the built dist/ (index, /fn, /node) with esbuild, Vite and webpack (min+gz; goal: 0 warnings)',
);
const { bundleDist } = await import('./bundlers.ts');
const distResults = await bundleDist().catch((error: unknown) => {
  console.log(`could not bundle dist/ (run \`npm run build -w @voxdesk/sdk\` first): ${String(error)}`);
  process.exit(1);
});
for (const r of distResults) {
  console.log(`${r.tool} ${r.app}: ${r.bytes} B, ${r.warnings.length} warning(s)`);
  for (const w of r.warnings) console.log(`  ${w.split('\n').join('\n  ')}`);
}
if (distResults.some((r) => r.warnings.length)) {
  console.log('FAIL: a bundler warned about the built SDK');
  process.exitCode = 1;
}

// `--bundle-only`: stop after the size numbers (they do not depend on machine load).
if (process.argv.includes('--bundle-only')) process.exit(0);

// The built package as a user's program loads it: dist/index.js by `import`, dist/index.cjs by
// `require` (each with its chunks), and the official SDK's ESM and CJS entries beside them.
const dist = new URL('../dist/', import.meta.url);
const cjsRequire = createRequire(import.meta.url);
const targets = {
  'import @voxdesk/sdk (dist/index.js)': { file: new URL('index.js', dist).href, cjs: false },
  'require @voxdesk/sdk (dist/index.cjs)': { file: new URL('index.cjs', dist).pathname, cjs: true },
  'import @vapi-ai/server-sdk (ESM)': { file: import.meta.resolve('@vapi-ai/server-sdk'), cjs: false },
  'require @vapi-ai/server-sdk (CJS)': { file: cjsRequire.resolve('@vapi-ai/server-sdk'), cjs: true },
};

function median(values: number[]): number {
  return quartiles(values).median;
}

/** The median and the quartiles: the middle half of the runs lies between q1 and q3. */
function quartiles(values: number[]): { q1: number; median: number; q3: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.floor(p * (sorted.length - 1))]!;
  return { q1: at(0.25), median: at(0.5), q3: at(0.75) };
}

const ms = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(1)}`;

function timeNode(args: readonly string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
  return performance.now() - start;
}

// Every round runs each command once, back to back, so the load of the moment weighs on all of
// them alike; 31 rounds, because at a load average of 10+ a difference of medians of 21 moved by
// 1-2 ms between runs.
const ROUNDS = 31;
console.log(`\n## Cold start of the built package (median of ${ROUNDS} interleaved rounds; goal ≤ +10 ms)`);
const empty = new URL('empty.mjs', outDir);
writeFileSync(empty, '');
// Touching fetch's globals makes Node load its fetch implementation (undici): every fetch
// client pays that on first use, so it is reported as its own baseline.
const fetchOnly = new URL('fetch-globals.mjs', outDir);
writeFileSync(
  fetchOnly,
  'globalThis.Request; globalThis.Response; globalThis.FormData; globalThis.Headers;\n',
);
const baselines = {
  'node -e 0': ['-e', '0'],
  'node empty.mjs': [empty.pathname],
  'node fetch-globals.mjs': [fetchOnly.pathname],
};
const loaders = Object.entries(targets).map(([name, { file, cjs }], i) => {
  const loader = new URL(`load-${i}.${cjs ? 'cjs' : 'mjs'}`, outDir);
  writeFileSync(loader, cjs ? `require(${JSON.stringify(file)});\n` : `import ${JSON.stringify(file)};\n`);
  return [name, [loader.pathname]] as const;
});
const commands = [...Object.entries(baselines), ...loaders];
const runs = new Map(commands.map(([name]) => [name, [] as number[]]));
for (let i = 0; i < ROUNDS; i++) for (const [name, args] of commands) runs.get(name)!.push(timeNode(args));
const wall = (name: string) => median(runs.get(name)!);
const base = wall('node -e 0');
const emptyMs = wall('node empty.mjs');
const fetchMs = wall('node fetch-globals.mjs');
console.log(
  `node -e 0: ${base.toFixed(1)} ms; node empty.mjs: ${emptyMs.toFixed(1)} ms; node fetch-globals.mjs: ${fetchMs.toFixed(1)} ms`,
);
// The spread: the difference to `node -e 0` within each round, whose middle half is printed.
const withinRounds = (name: string) =>
  quartiles(runs.get(name)!.map((v, i) => v - runs.get('node -e 0')![i]!));
for (const [name] of loaders) {
  const m = wall(name);
  const d = withinRounds(name);
  console.log(
    `${name}: ${m.toFixed(1)} ms (${ms(m - base)} ms vs node -e 0, ${ms(m - emptyMs)} ms vs an empty module, ${ms(m - fetchMs)} ms vs loading fetch alone; ` +
      `within a round vs node -e 0: median ${ms(d.median)}, middle half ${ms(d.q1)} to ${ms(d.q3)} ms)`,
  );
}

// The same question asked inside each process: the main thread's CPU time and the wall time
// around the import alone. CPU time leaves out process start-up and the waits of a busy machine,
// so it is the steadier figure when the load average is high.
const probe = new URL('probe.mjs', outDir);
writeFileSync(
  probe,
  `import { createRequire } from 'node:module';
const [arg, cjs] = process.argv.slice(2);
const load = cjs === 'cjs' ? createRequire(import.meta.url) : (file) => import(file);
const cpu = process.threadCpuUsage();
const start = performance.now();
if (arg === 'fetch') { globalThis.Request; globalThis.Response; globalThis.FormData; globalThis.Headers; }
else await load(arg);
const wall = performance.now() - start;
const { user, system } = process.threadCpuUsage(cpu);
console.log(JSON.stringify({ cpu: (user + system) / 1000, wall }));\n`,
);
// Interleaved like the runs above: one probe of each per round.
const probes = [
  { name: 'an empty module', arg: empty.href, cjs: false },
  { name: "touching fetch's globals", arg: 'fetch', cjs: false },
  ...Object.entries(targets).map(([name, { file, cjs }]) => ({ name, arg: file, cjs })),
].map((p) => ({ ...p, cpu: [] as number[], wall: [] as number[] }));
const PROBE_ROUNDS = 21;
for (let i = 0; i < PROBE_ROUNDS; i++)
  for (const p of probes) {
    const out = spawnSync(process.execPath, [probe.pathname, p.arg, p.cjs ? 'cjs' : 'esm'], {
      encoding: 'utf8',
    });
    const r = JSON.parse(out.stdout) as { cpu: number; wall: number };
    p.cpu.push(r.cpu);
    p.wall.push(r.wall);
  }
const inProcess = ({ cpu, wall: wallMs }: (typeof probes)[number]) => {
  const c = quartiles(cpu);
  return `${c.median.toFixed(1)} ms CPU (middle half ${c.q1.toFixed(1)}-${c.q3.toFixed(1)}), ${median(wallMs).toFixed(1)} ms wall`;
};
const [emptyProbe, fetchProbe, ...targetProbes] = probes;
console.log(
  `In-process (median of ${PROBE_ROUNDS} interleaved rounds): an empty module ${inProcess(emptyProbe!)}; touching fetch's globals ${inProcess(fetchProbe!)}`,
);
for (const p of targetProbes) console.log(`In-process: ${p.name} ${inProcess(p)}`);

// `--import-only`: stop after the cold start (the lead's quiet re-measure of this figure).
if (process.argv.includes('--import-only')) process.exit(0);

// Per request: bench/overhead.ts, each variant beside raw fetch in a process of its own.
if (
  spawnSync(process.execPath, [new URL('overhead.ts', import.meta.url).pathname], { stdio: 'inherit' })
    .status !== 0
)
  throw new Error('bench/overhead.ts failed');
