import { defineConfig } from 'tsup';

// The server ships as one file: workspace packages are bundled from their sources,
// third-party packages stay external and load from node_modules.
export default defineConfig({
  entry: { main: 'server/main.ts' },
  outDir: 'dist/server',
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  clean: true,
  noExternal: [/^@voxdesk\//],
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
