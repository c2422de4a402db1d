import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    name: '@voxdesk/vapi-mock',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
