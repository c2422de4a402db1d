// Mutation testing of the core mechanisms: `npm run test:mutation` (incremental: only mutants
// whose module or tests changed since the cached run are tested again; `-- --force` for a full
// run). Which modules, and the per-module floor, live in mutation/modules.ts.
import { MUTATED_MODULES, REPORT_FILE } from './mutation/modules.ts';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The root config (every workspace as a project); `related` runs only the tests that import
  // the mutated module, so adding a module from another workspace needs no change here.
  vitest: { configFile: 'vitest.config.ts', related: true },
  mutate: MUTATED_MODULES,
  coverageAnalysis: 'perTest',
  incremental: true,
  // Cached, not committed (it changes with every run): CI keeps .stryker-cache between runs.
  incrementalFile: '.stryker-cache/incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: REPORT_FILE },
  // mutation/score.ts enforces the floor per module; Stryker's global break stays off.
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
