import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const dependenciesOf = (manifest: string): string[] =>
  Object.keys(
    (JSON.parse(readFileSync(new URL(manifest, import.meta.url), 'utf8')) as { dependencies?: object })
      .dependencies ?? {},
  );

// The server ships as one file: workspace packages are bundled from their sources; the site's
// third-party packages and @voxdesk/auth's (airtable is CommonJS with dynamic requires) stay
// external and load from node_modules.
export default defineConfig({
  entry: { main: 'server/main.ts', backup: 'server/backup-cli.ts' },
  outDir: 'dist/server',
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  clean: true,
  noExternal: [/^@voxdesk\//],
  external: dependenciesOf('../packages/auth/package.json'),
  // `node:sqlite` exists only with its prefix; tsup would strip it.
  removeNodeProtocol: false,
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
