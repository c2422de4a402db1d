import { defineProject } from 'vitest/config';
import { maxWorkers, sourceConditions, testTimeout } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    testTimeout,
    maxWorkers,
    name: '@voxdesk/vapi-mock',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Files share a worker (and its module cache) instead of a fresh one each: about half the
    // CPU (sdk + vapi-mock: 62.6 s -> 32.4 s user+sys). Safe while no file leaves global state
    // behind (env and globals are unstubbed, fake timers restored); run in random file order
    // (`--sequence.shuffle.files`), no test saw another's state. cli and site stay isolated:
    // their files share fixture servers and window state.
    isolate: false,
  },
});
