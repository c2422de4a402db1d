import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/**
 * A start-up cost of commander 15 that every `voxdesk` run paid, removed when it is bundled
 * (tsup.config.ts). Each edit must find its text: a commander upgrade that changes it fails
 * the build rather than silently dropping the fix. (Its `node:child_process` import is made
 * lazy by lightBuiltins below.)
 */
const edits: Record<string, readonly (readonly [from: string, to: string])[]> = {
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
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]option\.js$/ }, async ({ path }) => {
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
 * face. Commander's `node:child_process` (and the net, dgram and stream modules it loads) is
 * read on its first spawn: it serves git-style executable subcommands, which voxdesk has
 * none of. A name the bundle imports that is not listed fails the build ("No matching export").
 */
const BUILTIN_FACES: Record<string, string> = {
  util: `export const { stripVTControlCharacters } = process.getBuiltinModule('node:util');`,
  process: 'export default process;',
  child_process: [
    "const childProcess = () => process.getBuiltinModule('node:child_process');",
    'export const spawn = (...args) => childProcess().spawn(...args);',
    'export default { spawn };',
  ].join('\n'),
};

export const lightBuiltins: Plugin = {
  name: 'light-builtins',
  setup(build) {
    build.onResolve({ filter: /^node:(util|process|child_process)$/ }, ({ path, importer }) =>
      // The pager, which spawns whenever it loads, imports child_process as it is: shared
      // with it, the lazy face would be one more chunk for every command to load.
      path === 'node:child_process' && !/[\\/]commander[\\/]/.test(importer)
        ? undefined
        : { path: path.slice('node:'.length), namespace: 'light-builtin' },
    );
    build.onLoad({ filter: /.*/, namespace: 'light-builtin' }, ({ path }) => ({
      contents: BUILTIN_FACES[path],
      loader: 'js',
    }));
  },
};
