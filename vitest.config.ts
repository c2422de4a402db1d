import { defineConfig } from 'vitest/config';
import { DurationSequencer } from './scripts/unit-sequencer.ts';
import { maxWorkers } from './vitest.shared.ts';

/** `--sequence.shuffle` or `--sequence.shuffle.files` on the command line. */
const shuffled = process.argv.some((arg) => arg.startsWith('--sequence.shuffle'));

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
    // Each project sets its own `maxWorkers` (vitest.shared.ts): a project ignores the root's.
    maxWorkers,
    // Vitest orders a fresh clone's files (CI has no results cache) by project name and size:
    // the committed table starts the long files first instead (scripts/unit-sequencer.ts). A set
    // sequencer would also win over `--sequence.shuffle`, so a shuffled run keeps Vitest's.
    sequence: shuffled ? {} : { sequencer: DurationSequencer },
  },
});
