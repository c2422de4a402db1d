import { defineProject } from 'vitest/config';
import { sourceConditions, testTimeout } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    testTimeout,
    name: '@voxdesk/auth',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Files share a worker and its module cache instead of a fresh one each: no file here mocks a
    // module or leaves globals behind (each test makes its own store, schema and temp dir).
    isolate: false,
    // A real PostgreSQL server for the Postgres store's tests (see the file).
    globalSetup: ['./test/postgres-setup.ts'],
  },
});
