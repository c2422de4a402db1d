/**
 * Run after tsup: removes the bare `import "./chunk-….js"` lines esbuild's code splitting puts in
 * entry files for chunks whose exports the entry does not use itself. The package says
 * `"sideEffects": false`, and every module in it is declarations only, so a bundler drops such
 * an import anyway, with a warning ("Ignoring this import because … was marked as having no side
 * effects") that fails builds treating warnings as errors. Each chunk is still loaded by the
 * chunk that imports names from it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BARE_CHUNK_IMPORT = /^import "\.{1,2}\/(?:[\w-]+\/)*chunk-[\w-]+\.js";\n/gm;

/** Strips the bare chunk imports from every `.js` file under `dir`; returns how many went. */
export function stripBareImports(dir: string): number {
  let removed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    const stripped = code.replace(BARE_CHUNK_IMPORT, () => (removed++, ''));
    if (stripped !== code) writeFileSync(file, stripped);
  }
  return removed;
}

if (import.meta.main) {
  const removed = stripBareImports(new URL('../dist', import.meta.url).pathname);
  console.log(`strip-bare-imports: removed ${removed} bare chunk import(s) from dist`);
}
