// `npm test`: every check CI runs, in three lanes so a 2-core machine stays busy. The unit tests
// (I/O-bound: servers, child processes, PostgreSQL) stream live in one lane. The build goes
// first in the second lane and the browser tests follow it at once on that build, beside the
// unit tests, instead of after them (the unit lane alone left a core idle for minutes). The
// third lane runs lint, typecheck, docs:check and the incremental mutation gate in turn: it
// ends minutes before the unit lane, so the gate adds no wall of its own. The other lanes'
// output is printed as each step ends. Prints each step's time; exits 1 if any step failed.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import {
  playwrightFileTimes,
  readReport,
  slowest,
  vitestFileTimes,
  type PlaywrightSuite,
  type VitestReport,
} from './test-timings.ts';

interface Step {
  name: string;
  command: string;
  args: string[];
}

interface Outcome {
  name: string;
  result: 'passed' | 'FAILED' | 'skipped';
  seconds: number;
}

const npmRun = (script: string): Step => ({
  name: script,
  command: 'npm',
  args: ['run', '--silent', script],
});

// Mutation testing (incremental against the committed scripts/mutation/incremental.json) prints
// each module's score and fails when a gated one is under 85 %. Last: lint and typecheck have
// read the tree before Stryker copies it into its sandbox (.stryker-tmp, ignored by both anyway).
const checks: Step[] = [npmRun('lint'), npmRun('typecheck'), npmRun('docs:check'), npmRun('test:mutation')];
const build = npmRun('build');
const UNIT_REPORT = 'reports/unit-timings.json';
const E2E_REPORT = 'reports/e2e-timings.json'; // written by playwright.config.ts's JSON reporter
const unit: Step = {
  name: 'test:unit',
  command: 'npm',
  args: [
    'run',
    '--silent',
    'test:unit',
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${UNIT_REPORT}`,
  ],
};
// `test:e2e` builds first; here the build lane has just built, and Playwright follows it.
const e2e: Step = { name: 'playwright', command: 'npx', args: ['--no-install', 'playwright', 'test'] };

function run(step: Step, live: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, note = '') => {
      const seconds = Math.round((performance.now() - started) / 1000);
      if (!live) process.stdout.write(`\n==> ${step.name}\n${Buffer.concat(output).toString()}${note}`);
      process.stdout.write(`==> ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s\n`);
      resolve({ name: step.name, result: ok ? 'passed' : 'FAILED', seconds });
    };
    child.on('error', (error) => finish(false, `${error.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
}

async function inOrder(steps: Step[], live: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) outcomes.push(await run(step, live));
  return outcomes;
}

// A report left by an earlier run must not pass for this one's.
for (const report of [UNIT_REPORT, E2E_REPORT]) rmSync(report, { force: true });
const started = performance.now();
// Without a build (or with a failed one) the browser tests cannot say anything useful.
async function buildThenBrowser(): Promise<Outcome[]> {
  const built = await run(build, false);
  if (built.result !== 'passed') return [built, { name: e2e.name, result: 'skipped', seconds: 0 }];
  return [built, await run(e2e, false)];
}
const [checked, browser, unitOutcome] = await Promise.all([
  inOrder(checks, false),
  buildThenBrowser(),
  run(unit, true),
]);
const outcomes = [...checked, unitOutcome, ...browser];

const unitTimes = readReport<VitestReport>(UNIT_REPORT);
if (unitTimes)
  process.stdout.write(`\n${slowest('Slowest unit test files', vitestFileTimes(unitTimes, process.cwd()))}`);
const e2eTimes = readReport<{ suites: PlaywrightSuite[] }>(E2E_REPORT);
if (e2eTimes) process.stdout.write(`\n${slowest('Slowest browser specs', playwrightFileTimes(e2eTimes))}`);

const total = Math.round((performance.now() - started) / 1000);
process.stdout.write('\nstep          result   seconds\n');
for (const o of outcomes) {
  process.stdout.write(`${o.name.padEnd(13)} ${o.result.padEnd(8)} ${String(o.seconds).padStart(7)}\n`);
}
process.stdout.write(`${'npm test'.padEnd(13)} ${''.padEnd(8)} ${String(total).padStart(7)} (wall)\n`);
process.exitCode = outcomes.every((o) => o.result === 'passed') ? 0 : 1;
