import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    name: '@voxdesk/cli',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
