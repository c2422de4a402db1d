import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { sourceConditions, testTimeout } from '../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  plugins: [react()],
  test: {
    testTimeout,
    name: '@voxdesk/site',
    // Components run in jsdom; server and script tests opt into node with a docblock.
    environment: 'jsdom',
    include: [
      'src/**/*.test.{ts,tsx}',
      'common/**/*.test.ts',
      'server/**/*.test.ts',
      'test/**/*.test.{ts,tsx}',
    ],
    setupFiles: ['./test/setup.ts'],
  },
});
