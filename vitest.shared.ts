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
 * inherit the root config's `maxWorkers` (only the CLI's `--maxWorkers` reaches projects), and
 * Vitest's default is one less than the cores, so on a 2-core machine every file ran in turn in
 * one worker (363 s of file time in a 445 s run, never two files at once). Most files wait (on
 * servers, child processes, shells, PostgreSQL), not compute, so at least 4, and one a core on
 * bigger machines. All projects need the same value (Vitest refuses different ones in one group).
 */
export const maxWorkers = Math.max(4, availableParallelism());
