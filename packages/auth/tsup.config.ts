import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/lead-record.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node22',
});
