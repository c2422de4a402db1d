// Mutation testing of the core mechanisms: `npm run test:mutation`. Incremental: only mutants
// whose module or owning tests changed since the committed scripts/mutation/incremental.json
// are tested again; `npm run test:mutation -- --force` is a full run. Which modules, their
// tests and the per-module floor: scripts/mutation/modules.ts.
import { MUTATED, REPORT_FILE } from './scripts/mutation/modules.ts';
import { CANARY } from './scripts/mutation/score.ts';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Each workspace's project, narrowed to the tests that own a mutated module. The vitest
  // runner must be >= 10.1: before, its per-test filter matched nothing on Vitest 5
  // (stryker-js#6210) and every covered mutant "survived" untested.
  vitest: { configFile: 'scripts/mutation/vitest.config.ts', related: true },
  mutate: [CANARY, ...MUTATED.map((m) => m.path)],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'scripts/mutation/incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'json'],
  clearTextReporter: { reportTests: false, reportMutants: false },
  jsonReporter: { fileName: REPORT_FILE },
  // scripts/mutation/score.ts enforces the floor per module; Stryker's global break stays off.
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  // The sandbox copies the repo; not what other steps of `npm test` write while it runs
  // (builds, browser results, reports), which the mutated modules' tests never read.
  ignorePatterns: [
    '**/dist',
    'test-results',
    'playwright-report',
    'reports',
    '**/.tsbuild',
    '.data',
    'docs/api',
    // Temp projects the SDK's bundler test writes (and deletes) while the unit lane runs beside.
    '**/.bundle-*',
  ],
  cleanTempDir: 'always',
};
