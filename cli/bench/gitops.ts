/**
 * Assistants-as-code benchmark (issue 25): `voxdesk apply` of 500 new tools (500 creates),
 * then of 500 edited tools (500 updates), against the loopback fake answering every request
 * 200 ms late, as a distant Vapi does. Sequential writes would take 100 s each; apply runs
 * each kind's writes 8 at a time.
 *
 * The CLI runs from its sources (`--conditions=source`), so no build is needed:
 *   node --conditions=source cli/bench/gitops.ts       (part of `npm run bench`)
 *   COUNT=100 LATENCY=50 node --conditions=source cli/bench/gitops.ts
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';

const COUNT = Number(process.env.COUNT ?? 500);
const LATENCY = Number(process.env.LATENCY ?? 200);
const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

const token = 'sk-bench-gitops';
const server = await startFakeVapiServer({ token, latencyMs: LATENCY });
const dir = await mkdtemp(join(tmpdir(), 'voxdesk-bench-gitops-'));
const env = { ...process.env, VAPI_TOKEN: token, VAPI_BASE_URL: server.url, NO_COLOR: '1' };

async function apply(label: string, expectWrites: number): Promise<void> {
  server.state.requests.length = 0;
  const started = performance.now();
  // Asynchronous: the fake answers from this process's event loop.
  const run = await promisify(execFile)(
    process.execPath,
    ['--conditions=source', bin, 'apply', '--dir', join(dir, 'vapi'), '--yes'],
    { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  ).then(
    ({ stderr }) => ({ status: 0, stderr }),
    (error: { code?: number; stderr?: string }) => ({ status: error.code ?? 1, stderr: error.stderr ?? '' }),
  );
  const seconds = (performance.now() - started) / 1000;
  const writes = server.state.requests.filter((request) => request.method !== 'GET').length;
  if (run.status !== 0 || writes !== expectWrites)
    throw new Error(`${label}: exit ${run.status}, ${writes} writes\n${run.stderr.slice(-2000)}`);
  const sequential = (expectWrites * LATENCY) / 1000;
  console.log(
    `${label.padEnd(12)} ${seconds.toFixed(1).padStart(6)} s  (${expectWrites} writes at ${LATENCY} ms; one at a time: ${sequential.toFixed(0)} s)`,
  );
}

try {
  const tools = join(dir, 'vapi', 'tools');
  await mkdir(tools, { recursive: true });
  for (let i = 0; i < COUNT; i += 1)
    await writeFile(
      join(tools, `tool-${i}.yaml`),
      `type: function\nfunction:\n  name: tool_${i}\n  description: Tool ${i}\n`,
    );
  console.log(`voxdesk apply, ${COUNT} tools, fake Vapi at ${LATENCY} ms per request`);
  await apply(`${COUNT} creates`, COUNT);
  for (const name of await readdir(tools)) {
    const path = join(tools, name);
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace('description: Tool', 'description: Edited tool'),
    );
  }
  await apply(`${COUNT} updates`, COUNT);
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
