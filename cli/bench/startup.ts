/**
 * Start-up benchmark: wall time of `voxdesk --help`, `voxdesk --version` and
 * `voxdesk assistants list --json` (against the loopback fake Vapi), each next to bare
 * `node -e 0` in the same run. Runs are interleaved so machine noise hits all alike.
 *
 *   npm run bench -w @voxdesk/cli          (builds dist/ first)
 *   RUNS=50 npm run bench -w @voxdesk/cli
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';

const RUNS = Number(process.env.RUNS ?? 30);
const GOAL_MS = 60;
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build -w @voxdesk/cli\` first`);

const token = 'sk-bench-token';
const server = await startFakeVapiServer({
  token,
  seed: { assistants: Array.from({ length: 50 }, (_, i) => ({ name: `Assistant ${i}` })) },
});
const env = { ...process.env, VAPI_TOKEN: token, VAPI_BASE_URL: server.url, NO_COLOR: '1' };

const cases: Record<string, string[]> = {
  'node -e 0': ['-e', '0'],
  'voxdesk --version': [bin, '--version'],
  'voxdesk --help': [bin, '--help'],
  'voxdesk assistants list --json': [bin, 'assistants', 'list', '--json'],
};

function once(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve(performance.now() - started);
    });
  });
}

const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (const args of Object.values(cases)) await once(args); // warm the file cache
for (let run = 0; run < RUNS; run++) {
  for (const [name, args] of Object.entries(cases)) samples[name]!.push(await once(args));
}
await server.close();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;
const baseline = median(samples['node -e 0']!);

console.log(`voxdesk start-up, ${RUNS} interleaved runs each, Node ${process.version}\n`);
console.log('case                              median    p90   vs node -e 0');
for (const [name, values] of Object.entries(samples)) {
  const delta = median(values) - baseline;
  console.log(
    `${name.padEnd(32)} ${median(values).toFixed(1).padStart(7)} ${p90(values).toFixed(1).padStart(6)}   ${
      name === 'node -e 0'
        ? 'baseline'
        : `${delta >= 0 ? '+' : ''}${delta.toFixed(1)} ms (×${(median(values) / baseline).toFixed(2)})`
    }`,
  );
}
const helpDelta = median(samples['voxdesk --help']!) - baseline;
console.log(
  `\ngoal: --help within +${GOAL_MS} ms of bare Node: ${helpDelta <= GOAL_MS ? 'met' : 'NOT met'} (+${helpDelta.toFixed(1)} ms)`,
);
