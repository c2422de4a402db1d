import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import { lightBuiltins, lighterCommander } from './scripts/lighter-commander.ts';

/** The build's options; lazy-loading.test.ts builds with them too. */
export const buildOptions = {
  entry: ['src/bin.ts', 'src/index.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  clean: true,
  // tsup leaves external the dependencies of the package.json in the working directory: name
  // the CLI's own, so a build started from the repo root (lazy-loading.test under `npm test`)
  // makes the same files instead of bundling the SDK and CommonJS helpers.
  external: [fileURLToPath(new URL('package.json', import.meta.url))],
  // Bundled: one chunk instead of commander's seven files resolved through node_modules.
  noExternal: ['commander'],
  // `node:` stays on imports (tsup strips it by default) so that lightBuiltins sees them.
  removeNodeProtocol: false,
  esbuildPlugins: [lighterCommander, lightBuiltins],
  // The body validators are CommonJS loaded with require() (src/gitops/schema.ts): they sit
  // beside the chunk that requires them, as they sit beside schema.ts in src/gitops.
  onSuccess: async () => {
    cpSync('src/gitops/generated/validators.cjs', 'dist/generated/validators.cjs');
  },
} satisfies Options;

export default defineConfig(buildOptions);
