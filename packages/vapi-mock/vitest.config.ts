import { defineProject } from 'vitest/config';
import { sourceConditions, testTimeout } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    testTimeout,
    name: '@voxdesk/vapi-mock',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
