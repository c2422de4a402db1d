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
 * One a core, at least 2. The unit lane of `npm test` only has to outlast the browser lane beside
 * it on CI's 2 cores (scripts/test-all.ts), and more workers take CPU from it. The whole unit
 * run alone, no results cache, duration order, load 1-5: 1 worker 315 s (session 11); 2 workers
 * 174 s at 207 CPU-s, 31 % idle; 3 workers 152 s at 226 CPU-s, 14 % idle; 4 workers 146 s at
 * 238 CPU-s, 8 % idle; all green. At load 16-24 from other sessions, 2 and 4 workers both timed
 * out tests (PostgreSQL store deadlines, jsdom site files, under-fire), 1 worker at load 1-10 none.
 * `VITEST_MAX_WORKERS=4 npm test` tries another count without editing this.
 */
export const maxWorkers = Math.max(2, availableParallelism());
