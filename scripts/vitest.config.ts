import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['**/*.test.ts'],
    // Files share a worker and its module cache instead of a fresh one each: no file here mocks a
    // module or leaves globals behind (each test makes its own store, schema and temp dir).
    isolate: false,
  },
});
