import { defineProject } from 'vitest/config';
import { maxWorkers, sourceConditions, testTimeout } from '../vitest.shared.ts';
import { ISOLATED_SERVER_TESTS, SERVER_TESTS } from './vitest.config.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    testTimeout,
    maxWorkers,
    name: '@voxdesk/site-server',
    environment: 'node',
    include: SERVER_TESTS,
    exclude: ISOLATED_SERVER_TESTS,
    // Files share a worker and its module cache instead of a fresh one each. Safe while each test
    // starts its own servers and closes them: a shared fixture registers its hooks from a call in
    // each file (`useLeadsServer()`) or per test (`onTestFinished`), never on import.
    isolate: false,
  },
});
