import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { maxWorkers, sourceConditions, testTimeout } from '../vitest.shared.ts';

/** The server's and the shared code's tests: node, in shared workers (vitest.server.config.ts). */
export const SERVER_TESTS = ['server/**/*.test.ts', 'common/**/*.test.ts'];
/**
 * Server tests that stay in a fresh worker of their own: under-fire checks that the flood is still
 * being hashed while three real logins go through, which a worker warmed by earlier files made
 * less likely (it failed once in three shared runs).
 */
export const ISOLATED_SERVER_TESTS = ['server/test/under-fire.test.ts'];
/**
 * Component tests that stay in a fresh worker of their own (vitest.isolated.config.ts): they
 * swap modules (`vi.mock`, `vi.doMock`) or reset the module registry (`vi.resetModules`), and a
 * worker's module cache is shared by every file it runs: a module another file loaded first
 * would escape the mock, and a reset copy of a module would reach the next file.
 */
export const ISOLATED_COMPONENT_TESTS = [
  'src/features/demo/DemoPage.test.tsx',
  'src/features/demo/voice-client.test.ts',
  'test/deferred-parts.test.tsx',
  'test/observability.test.ts',
];

export default defineProject({
  ...sourceConditions,
  plugins: [react()],
  test: {
    testTimeout,
    maxWorkers,
    name: '@voxdesk/site',
    // Components run in jsdom; a script test opts into node with a docblock.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ISOLATED_COMPONENT_TESTS,
    setupFiles: ['./test/setup.ts'],
    // Files share a worker, its module cache and its jsdom window instead of a fresh one each
    // (jsdom and React cost each file about 3 CPU-s). test/setup.ts puts the window back as the
    // worker's first file found it before each file.
    isolate: false,
  },
});
