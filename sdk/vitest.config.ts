import { defineProject } from 'vitest/config';
import { maxWorkers, sourceConditions } from '../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    maxWorkers,
    name: '@voxdesk/sdk',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Files share a worker (and its module cache) instead of a fresh one each: about half the
    // CPU (sdk + vapi-mock: 62.6 s -> 32.4 s user+sys). Safe while no file leaves global state
    // behind (env and globals are unstubbed, fake timers restored); run in random file order
    // (`--sequence.shuffle.files`), no test saw another's state. cli and site stay isolated:
    // their files share fixture servers and window state.
    isolate: false,
    // The contract test's first operations compile ajv validators for the whole document: seconds
    // on a loaded machine (timed out at 5 s with 8 sessions on 2 cores, and under Stryker).
    testTimeout: 30_000,
  },
});
