import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/lead-record.ts', 'src/password-rules.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node22',
  platform: 'node',
  // `node:sqlite` exists only with its prefix; tsup would strip it and plain Node would then
  // look for a package named `sqlite`.
  removeNodeProtocol: false,
});
