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
    // Vitest's default is one worker per core less one: a single worker on CI's 2 cores, which
    // then sits idle while a test waits on a server, a child process or PostgreSQL. Two workers
    // keep both cores busy; bigger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
