import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    name: '@voxdesk/auth',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
