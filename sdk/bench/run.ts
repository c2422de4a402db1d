/**
 * SDK benchmarks (printed, never asserted): `npm run bench -w @voxdesk/sdk`.
 *  1. min+gz bundle of `new Vapi({ token }).assistants.list()`, of one `@voxdesk/sdk/fn` call,
 *     and of the same call with Vapi's official SDK (`--explain`: what fills each bundle)
 *  2. cold start: importing the SDK vs `node -e 0`, in the same run
 *  3. per-request overhead vs raw fetch, ours and the official SDK's: 2,000 GETs per round to a
 *     loopback server (median of 5 interleaved rounds), and each SDK's own CPU per call with an
 *     in-memory fetch
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type * as Sdk from '../src/index.ts';
import { measureOverhead, measureOwnWork, type Clients, type Round } from './overhead.ts';

const sdkDir = new URL('..', import.meta.url);
// Bundles are self-contained, so they can live outside the repo.
const outDir = pathToFileURL(`${mkdtempSync(join(tmpdir(), 'voxdesk-sdk-bench-'))}/`);

const explain = process.argv.includes('--explain');

interface Sizes {
  /** All of it as one bundle. */
  single: number;
  /** Loaded with the entry (all a successful call needs): the entry chunk and its static imports. */
  atImport: number;
  /** The rest (paging, multipart uploads, error mapping), loaded on first use. */
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
    `Code-split: ${kb(sdk.atImport)} at import (all a successful call needs); paging, upload and error-mapping code ${kb(sdk.onUse)} on first use${sdk.inputs}`,
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
    `new ${client}(): ${fn.single} B as one bundle (${vsOfficial(fn.single)}); code-split: ${fn.atImport} B at import, error mapping ${fn.onUse} B on first use${fn.inputs}`,
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

// The SDK bundled for Node as one module, so importing it can be timed.
const bundle = new URL('sdk.mjs', outDir);
await build({
  entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: bundle.pathname,
  conditions: ['source'],
  logLevel: 'warning',
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeNode(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
  return performance.now() - start;
}

console.log('\n## Cold start (median of 21 interleaved runs; goal ≤ +10 ms)');
const empty = new URL('empty.mjs', outDir);
writeFileSync(empty, '');
// Touching fetch's globals makes Node load its fetch implementation (undici): every fetch
// client pays that on first use, so it is reported as its own baseline.
const fetchOnly = new URL('fetch-globals.mjs', outDir);
writeFileSync(
  fetchOnly,
  'globalThis.Request; globalThis.Response; globalThis.FormData; globalThis.Headers;\n',
);
const runs: Record<string, number[]> = {
  'node -e 0': [],
  'node empty.mjs': [],
  'node fetch-globals.mjs': [],
};
const sdkImport = new URL('import-sdk.mjs', outDir);
writeFileSync(sdkImport, `import ${JSON.stringify(bundle.href)};\n`);
const imports: (readonly [string, string])[] = [['node import-sdk.mjs', sdkImport.pathname]];
// The official SDK as published (its ESM entry), for the same question in the same run.
const officialImport = new URL('import-official.mjs', outDir);
writeFileSync(officialImport, `import ${JSON.stringify(import.meta.resolve('@vapi-ai/server-sdk'))};\n`);
imports.push(['node import-official.mjs (@vapi-ai/server-sdk)', officialImport.pathname]);
for (const [name] of imports) runs[name] = [];
for (let i = 0; i < 21; i++) {
  runs['node -e 0']!.push(timeNode(['-e', '0']));
  runs['node empty.mjs']!.push(timeNode([empty.pathname]));
  runs['node fetch-globals.mjs']!.push(timeNode([fetchOnly.pathname]));
  for (const [name, file] of imports) runs[name]!.push(timeNode([file]));
}
const base = median(runs['node -e 0']!);
const emptyMs = median(runs['node empty.mjs']!);
const fetchMs = median(runs['node fetch-globals.mjs']!);
console.log(
  `node -e 0: ${base.toFixed(1)} ms; node empty.mjs: ${emptyMs.toFixed(1)} ms; node fetch-globals.mjs: ${fetchMs.toFixed(1)} ms`,
);
for (const [name] of imports) {
  const m = median(runs[name]!);
  console.log(
    `${name}: ${m.toFixed(1)} ms (+${(m - base).toFixed(1)} ms vs node -e 0, +${(m - emptyMs).toFixed(1)} ms vs an empty module, +${(m - fetchMs).toFixed(1)} ms vs loading fetch alone)`,
  );
}

// The same question measured inside each process (performance.now() around the import),
// which leaves out process start-up and so is far less noisy on a busy machine.
const probe = new URL('probe.mjs', outDir);
writeFileSync(
  probe,
  `const t = performance.now();
if (process.argv[2] === 'fetch') { globalThis.Request; globalThis.Response; globalThis.FormData; }
else await import(process.argv[2]);
console.log(performance.now() - t);\n`,
);
const inProcess = (arg: string) => {
  const times: number[] = [];
  for (let i = 0; i < 11; i++) {
    const out = spawnSync(process.execPath, [probe.pathname, arg], { encoding: 'utf8' }).stdout;
    times.push(Number(out.trim()));
  }
  return median(times);
};
console.log(`In-process: touching fetch's globals ${inProcess('fetch').toFixed(1)} ms`);
console.log(`In-process: import SDK ${inProcess(bundle.href).toFixed(1)} ms`);
console.log(
  `In-process: import the official SDK (@vapi-ai/server-sdk) ${inProcess(import.meta.resolve('@vapi-ai/server-sdk')).toFixed(1)} ms`,
);

console.log(
  '\n## Per-request overhead vs raw fetch (2,000 GETs per variant and round to a loopback server, JSON parsed by each; goal ≤ 1.10×)',
);
const { Vapi } = (await import(bundle.href)) as typeof Sdk;
const { VapiClient } = await import('@vapi-ai/server-sdk');
const clients: Clients = {
  sdk: (baseUrl) => {
    const vapi = new Vapi({ token: 'sk-bench', baseUrl });
    return () => vapi.assistants.list();
  },
  official: (baseUrl) => {
    const vapi = new VapiClient({ token: 'sk-bench', baseUrl });
    return () => vapi.assistants.list();
  },
};
const show = (r: Round) =>
  `raw fetch ${r.raw.toFixed(1)} µs/req; @voxdesk/sdk ${r.sdk.toFixed(1)} µs/req → ${r.ratio.toFixed(2)}× raw fetch; ` +
  `official SDK ${r.official.toFixed(1)} µs/req → ${r.officialRatio.toFixed(2)}× raw fetch`;
const overhead = await measureOverhead(clients, 2000);
const m = overhead.median;
console.log(`Median of ${overhead.rounds.length} rounds: ${show(m)}`);
console.log(
  `Rounds: @voxdesk/sdk ${overhead.rounds.map((r) => r.ratio.toFixed(2)).join(', ')}; official SDK ${overhead.rounds.map((r) => r.officialRatio.toFixed(2)).join(', ')}`,
);
console.log(
  `For scale: raw fetch with a timeout signal (AbortSignal.timeout) ${m.rawTimeout.toFixed(1)} µs/req, ${(m.rawTimeout / m.raw).toFixed(2)}× raw fetch`,
);
// The same with an in-memory fetch: the CPU each side spends per call, without the socket.
const own = await measureOwnWork(clients, 10_000);
console.log(
  `In-memory fetch (no socket; 10,000 calls per variant and round): ${show(own.median)}; ` +
    `own work per call ≈ ${(own.median.sdk - own.median.raw).toFixed(1)} µs (@voxdesk/sdk), ${(own.median.official - own.median.raw).toFixed(1)} µs (official SDK)`,
);
