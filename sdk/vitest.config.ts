import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    name: '@voxdesk/sdk',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The contract test's first operations compile ajv validators for the whole document: seconds
    // on a loaded machine (timed out at 5 s with 8 sessions on 2 cores, and under Stryker).
    testTimeout: 30_000,
  },
});
