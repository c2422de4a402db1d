import { defineProject } from 'vitest/config';
import { maxWorkers, sourceConditions, testTimeout } from '../vitest.shared.ts';

/** Files that watch which modules a run loads: each needs a worker of its own. */
export const ISOLATED_FILES = ['test/lazy-loading.test.ts'];

export default defineProject({
  ...sourceConditions,
  test: {
    testTimeout,
    maxWorkers,
    name: '@voxdesk/cli',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ISOLATED_FILES,
    // Files share a worker and its module cache instead of a fresh one each (each file used to
    // pay the CLI's and the fake Vapi's imports again). Safe while no file leaves state behind:
    // fixture hooks are registered by a call (gitops-fixture.ts), not by importing a module.
    // The files that count module loads run isolated: vitest.isolated.config.ts.
    isolate: false,
  },
});
