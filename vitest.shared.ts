import { defaultClientConditions, defaultServerConditions } from 'vite';
import type { UserConfig } from 'vite';

/**
 * Workspace packages export their TypeScript sources under the `source` condition, so
 * tests run against `src/` without a build step. Every workspace config spreads this.
 */
export const sourceConditions = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
} satisfies UserConfig;

/**
 * Per-test time limit for every workspace. A test's limit only stops a hang; speed is
 * measured by `npm run bench`. 5 s (vitest's default) failed real-server tests on a 2-core
 * machine at load 20, where a 429 with Retry-After alone waits a second.
 */
export const testTimeout = 20_000;
