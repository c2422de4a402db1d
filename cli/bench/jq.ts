/**
 * `--jq` over a large answer: `voxdesk assistants list --all --jq length` next to
 * `voxdesk assistants list --all --json | jq length` (the real jq, when the machine has it) and
 * `--json` alone, over 2,500 assistants from the loopback fake. Runs are interleaved. Goal
 * (issue 29): `--jq` within 2× of `--json | jq`. jq-wasm, used before, took 45 s here.
 *
 *   npm run bench -w @voxdesk/cli          (builds dist/ first)
 */
import { execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';

const RUNS = Number(process.env.RUNS ?? 5);
const RECORDS = 2_500;
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const token = 'sk-bench-token';
const prompt = 'You are the receptionist of a small clinic. '.repeat(12);
const server = await startFakeVapiServer({
  token,
  seed: {
    assistants: Array.from({ length: RECORDS }, (_, i) => ({
      name: `Assistant ${i}`,
      model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'system', content: prompt }] },
    })),
  },
});
const env = { ...process.env, VAPI_TOKEN: token, VAPI_BASE_URL: server.url, NO_COLOR: '1' };
const list = `"${process.execPath}" "${bin}" assistants list --all`;
const hasJq = (() => {
  try {
    execFileSync('jq', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const cases: Record<string, string> = {
  '--json': `${list} --json > /dev/null`,
  '--jq length': `${list} --jq length`,
  ...(hasJq ? { '--json | jq length': `${list} --json | jq length` } : {}),
};

function once(command: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${command} exited ${code}`));
      else if (command.includes('length') && out.trim() !== String(RECORDS))
        reject(new Error(`${command}: ${out}`));
      else resolve(performance.now() - started);
    });
  });
}

const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, command] of Object.entries(cases)) samples[name]!.push(await once(command));
}
await server.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `voxdesk --jq over ${RECORDS} assistants, ${RUNS} interleaved runs, load ${loadavg()[0]!.toFixed(1)}\n`,
);
for (const [name, values] of Object.entries(samples))
  console.log(`${name.padEnd(22)} median ${median(values).toFixed(0).padStart(6)} ms`);
const jq = median(samples['--jq length']!);
const reference = hasJq ? median(samples['--json | jq length']!) : median(samples['--json']!);
const against = hasJq ? '--json | jq' : '--json (no jq on this machine)';
console.log(
  `\ngoal: --jq within 2× of ${against} — ×${(jq / reference).toFixed(2)}: ${jq <= 2 * reference ? 'met' : 'NOT met'}`,
);
