import { defineProject } from 'vitest/config';
import { sourceConditions, testTimeout } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    testTimeout,
    name: '@voxdesk/auth',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // A real PostgreSQL server for the Postgres store's tests (see the file).
    globalSetup: ['./test/postgres-setup.ts'],
  },
});
