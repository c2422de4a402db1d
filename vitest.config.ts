import { defineConfig } from 'vitest/config';

// One command runs every workspace's unit tests; each workspace owns its config.
export default defineConfig({
  test: {
    projects: ['sdk', 'packages/vapi-mock', 'packages/auth', 'cli', 'site', 'scripts'],
  },
});
