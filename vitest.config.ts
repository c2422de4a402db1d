import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One command runs every workspace's unit tests; each workspace owns its config.
export default defineConfig({
  test: {
    projects: [
      'sdk',
      'packages/vapi-mock',
      'packages/auth',
      // cli's files share workers; the few that count module loads get their own.
      'cli/vitest.config.ts',
      'cli/vitest.isolated.config.ts',
      // The site's jsdom and server tests share workers; the few that swap modules get their own.
      'site/vitest.config.ts',
      'site/vitest.isolated.config.ts',
      'site/vitest.server.config.ts',
      'scripts',
    ],
    // Most unit files wait (on servers, child processes, shells, PostgreSQL), not compute: on
    // 2 cores, 2 workers ran the suite in 367 s at 286 CPU-s, 4 workers in 185 s at 316
    // CPU-s (before the site's jsdom files shared workers; after, 4 workers take 315 s at
    // 213 CPU-s: the shared-worker projects overlap little). So at least 4 workers, and one a
    // core on bigger machines.
    maxWorkers: Math.max(4, availableParallelism()),
  },
});
