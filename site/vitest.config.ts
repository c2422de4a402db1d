import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { sourceConditions, testTimeout } from '../vitest.shared.ts';

/** The server's and the shared code's tests: node, in shared workers (vitest.server.config.ts). */
export const SERVER_TESTS = ['server/**/*.test.ts', 'common/**/*.test.ts'];
/**
 * Server tests that stay in a fresh worker of their own: under-fire checks that the flood is still
 * being hashed while three real logins go through, which a worker warmed by earlier files made
 * less likely (it failed once in three shared runs).
 */
export const ISOLATED_SERVER_TESTS = ['server/test/under-fire.test.ts'];

export default defineProject({
  ...sourceConditions,
  plugins: [react()],
  test: {
    testTimeout,
    name: '@voxdesk/site',
    // Components run in jsdom, each file in a fresh worker (pages leave window state behind);
    // a script test opts into node with a docblock.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', ...ISOLATED_SERVER_TESTS],
    setupFiles: ['./test/setup.ts'],
  },
});
