import { dirname, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
import { SHARED_SPECIFIER } from './scripts/link-shared.ts';

const entries = {
  index: 'src/index.ts',
  'node/index': 'src/node/index.ts',
  'webhooks/index': 'src/webhooks/index.ts',
  fn: 'src/fn.ts',
  control: 'src/control.ts',
  'listen/index': 'src/listen/index.ts',
  'streaming/index': 'src/streaming/index.ts',
  'tools/index': 'src/tools/index.ts',
  operations: 'src/operations.ts',
  log: 'src/log.ts',
};
const options: Options = {
  entry: { ...entries, shared: 'src/shared.ts' },
  target: 'node22',
  external: ['undici'],
};

/**
 * Entries built on the whole client (`/node` extends it, `/tools` adopts with it) take the root
 * entry's modules from the built root itself, so the client's modules are reached from the root
 * alone and esbuild puts them in `index.js` rather than in chunks that a plain
 * `import '@voxdesk/sdk'` would have to read one by one (each file is a resolve, a read and a
 * compile: about 1 ms of the cold import). Only names the root exports are taken this way. ESM
 * only (see the CommonJS build).
 */
const ROOT_MODULES = ['src/index.ts', 'src/generated/vapi.ts', 'src/adopt.ts'].map((m) => resolve(m));
const fromRoot = (onRoot: string[], root: string): Plugin => ({
  name: 'voxdesk-from-root',
  setup(build) {
    const importers = onRoot.map((m) => resolve(m));
    build.onResolve({ filter: /^\.\.?\// }, ({ path, importer }) => {
      if (!importers.includes(importer) || !ROOT_MODULES.includes(resolve(importer, '..', path)))
        return undefined;
      // Both entries sit one folder below the root entry (dist/node, dist/tools).
      return { path: `../${root}`, external: true };
    });
  },
});

/**
 * The modules most entries share (error classes, `path`, response reading, logging) are built
 * once, as the hidden entry `shared` (src/shared.ts; not in the package's exports), and every
 * other module takes them from there. Left to itself esbuild splits them into a chunk per set of
 * entries that use them, and the root entry read five chunks besides itself, each a resolve, a
 * read and a compile (about 0.8 ms of a cold import apiece); it now reads three. The import is
 * written as SHARED_SPECIFIER and scripts/link-shared.ts makes it relative to each output file.
 * A module of the list imports the others directly, so they stay in the one file.
 */
const SHARED = ['src/brand.ts', 'src/errors.ts', 'src/path.ts', 'src/http.ts', 'src/log-hooks.ts'].map((m) =>
  resolve(m),
);
const SHARED_ENTRY = resolve('src/shared.ts');
const toShared: Plugin = {
  name: 'voxdesk-shared',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, ({ path, importer }) => {
      if (importer === SHARED_ENTRY || SHARED.includes(importer)) return undefined;
      if (!SHARED.includes(resolve(dirname(importer), path))) return undefined;
      return { path: SHARED_SPECIFIER, external: true };
    });
  },
};

export default defineConfig([
  {
    ...options,
    format: ['esm'],
    dts: { entry: entries },
    esbuildPlugins: [fromRoot(['src/node/index.ts', 'src/tools/index.ts'], 'index.js'), toShared],
  },
  // Split like the ESM build, so every CommonJS entry shares one module for its classes: without
  // it each entry carried its own VapiError, and `instanceof` failed between `/node` and the root.
  // No fromRoot for `/node`: tsup's CommonJS interop runs `/node`'s `export *` of the root before its own
  // `Vapi` is assigned, and the root's getter for `Vapi` then refuses the assignment.
  // Its types are the ESM build's, written as `.d.cts` by scripts/cts-types.ts (one dts pass).
  // `/tools` alone takes the root's names from index.cjs, as in ESM: the adopt module then shares
  // the resources' chunk, and `require('@voxdesk/sdk')` reads 5 files (8 before the shared module).
  {
    ...options,
    format: ['cjs'],
    dts: false,
    splitting: true,
    esbuildPlugins: [fromRoot(['src/tools/index.ts'], 'index.cjs'), toShared],
  },
]);
