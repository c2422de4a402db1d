import { availableParallelism } from 'node:os';
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

/**
 * Test files run at once, for every project. Each project config must set it: a project does not
 * inherit the root config's `maxWorkers` (only `--maxWorkers` or `VITEST_MAX_WORKERS` reach
 * projects), and Vitest's default is one less than the cores, so on a 2-core machine every file
 * ran in turn in one worker (363 s of file time in a 445 s run, never two files at once). All
 * projects need the same value (Vitest refuses different ones in one group).
 *
 * One a core, at least 2. On CI's 2 cores the unit lane shares the machine with the build and
 * the browser tests (scripts/test-all.ts), which it only has to outlast: 4 files at once
 * saturate 2 cores by themselves. Timeouts seen on this machine while four other sessions loaded
 * it: 4 workers at load 11-18, 2 tests (jsdom admin files); at load 18-24 inside `npm test`, 18
 * tests in 11 files (jsdom site files, PostgreSQL floods, real shells); 2 workers at load 16-21,
 * 5 tests (PostgreSQL store deadlines, under-fire, admin-leads). 1 worker at load 1-10: none.
 * `VITEST_MAX_WORKERS=4 npm test` tries another count without editing this.
 */
export const maxWorkers = Math.max(2, availableParallelism());
