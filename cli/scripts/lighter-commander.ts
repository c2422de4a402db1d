import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/**
 * Two start-up costs of commander 15 that every `voxdesk` run paid, removed when it is
 * bundled (tsup.config.ts). Each edit must find its text: a commander upgrade that changes
 * it fails the build rather than silently dropping the fix.
 */
const edits: Record<string, readonly (readonly [from: string, to: string])[]> = {
  // `node:child_process` (and the net, dgram and stream modules it loads) serves only
  // git-style executable subcommands, which voxdesk has none of: load it on first spawn.
  'command.js': [
    [
      "import childProcess from 'node:child_process';",
      "const childProcess = { spawn: (...args) => globalThis.process.getBuiltinModule('node:child_process').spawn(...args) };",
    ],
  ],
  // Every Option ran a Unicode-property regex over its flags (the first run compiles
  // \p{ID_Continue}, a large class): test the cheap suffix first, same answer.
  'option.js': [
    [
      'this.variadic = /\\p{ID_Continue}\\.\\.\\.[>\\]]$/u.test(flags);',
      "this.variadic = (flags.endsWith('...>') || flags.endsWith('...]')) && /\\p{ID_Continue}\\.\\.\\.[>\\]]$/u.test(flags);",
    ],
  ],
};

export const lighterCommander: Plugin = {
  name: 'lighter-commander',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/](command|option)\.js$/ }, async ({ path }) => {
      let contents = await readFile(path, 'utf8');
      for (const [from, to] of edits[path.replace(/.*[\\/]/, '')] ?? []) {
        if (!contents.includes(from)) throw new Error(`lighter-commander: ${path} no longer has: ${from}`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: 'js' };
    });
  },
};

/**
 * Node gives an imported builtin an ES-module face by reading every export, which runs the
 * lazy getters of `node:util` and `node:process` (worker_threads, parseArgs, the diff, the
 * report: 17 internal modules) although the bundle (commander and program.ts) uses one
 * function of util. Here both are read through `process.getBuiltinModule`, which has no such
 * face. A name the bundle imports that is not listed fails the build ("No matching export").
 */
const BUILTIN_FACES: Record<string, string> = {
  util: `export const { stripVTControlCharacters } = process.getBuiltinModule('node:util');`,
  process: 'export default process;',
};

export const lightBuiltins: Plugin = {
  name: 'light-builtins',
  setup(build) {
    build.onResolve({ filter: /^node:(util|process)$/ }, ({ path }) => ({
      path: path.slice('node:'.length),
      namespace: 'light-builtin',
    }));
    build.onLoad({ filter: /.*/, namespace: 'light-builtin' }, ({ path }) => ({
      contents: BUILTIN_FACES[path],
      loader: 'js',
    }));
  },
};
