import { defineProject } from 'vitest/config';
import { maxWorkers, sourceConditions, testTimeout } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    testTimeout,
    maxWorkers,
    name: '@voxdesk/auth',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Files share a worker (and its module cache) instead of a fresh one each: 22.4 s -> 13.8 s
    // user+sys for this project. Safe while no file leaves global state behind (no file stubs
    // env or globals, mocks modules or fakes timers; each opens its own stores); green with
    // `--sequence.shuffle`.
    isolate: false,
    // A real PostgreSQL server for the Postgres store's tests (see the file).
    globalSetup: ['./test/postgres-setup.ts'],
  },
});
