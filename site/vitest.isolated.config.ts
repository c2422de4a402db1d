import { defineProject } from 'vitest/config';
import site, { ISOLATED_COMPONENT_TESTS, ISOLATED_SERVER_TESTS } from './vitest.config.ts';

// The site's files that need a fresh worker each (see vitest.config.ts); every other site file
// shares one. Same set-up as the component tests: a server file opts into node with a docblock.
export default defineProject({
  ...site,
  test: {
    ...site.test,
    name: '@voxdesk/site-isolated',
    include: [...ISOLATED_COMPONENT_TESTS, ...ISOLATED_SERVER_TESTS],
    exclude: [],
    isolate: true,
  },
});
