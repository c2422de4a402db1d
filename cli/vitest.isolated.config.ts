import { defineProject } from 'vitest/config';
import { maxWorkers, sourceConditions, testTimeout } from '../vitest.shared.ts';
import { ISOLATED_FILES } from './vitest.config.ts';

// The cli files that need a fresh worker each: they assert which modules a command loads, which
// a module cache shared with other files would spoil (see vitest.config.ts).
export default defineProject({
  ...sourceConditions,
  test: {
    testTimeout,
    maxWorkers,
    name: '@voxdesk/cli-isolated',
    environment: 'node',
    include: ISOLATED_FILES,
    isolate: true,
  },
});
