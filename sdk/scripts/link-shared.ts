/**
 * Run after tsup: points each built file's imports of the shared module (src/shared.ts, see
 * tsup.config.ts) at `dist/shared.js` or `dist/shared.cjs` by its path relative to that file.
 * tsup leaves them as SHARED_SPECIFIER because a module's output file (an entry one folder down,
 * or a chunk at the root) is only known once the build is written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** What the build writes for an import of a shared module; never left in dist/. */
export const SHARED_SPECIFIER = '@voxdesk/sdk/__shared__';
const QUOTED = /(["'])@voxdesk\/sdk\/__shared__\1/g;

/** Rewrites the shared imports of every `.js`/`.cjs` file under `dir`; returns how many. */
export function linkShared(dir: string): number {
  let linked = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const ext = /\.c?js$/.exec(entry.name)?.[0];
    if (!entry.isFile() || !ext) continue;
    const file = join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    const target = relative(dirname(file), join(dir, `shared${ext}`));
    const specifier = JSON.stringify(target.startsWith('.') ? target : `./${target}`);
    const linkedCode = code.replace(QUOTED, () => (linked++, specifier));
    if (linkedCode !== code) writeFileSync(file, linkedCode);
  }
  return linked;
}

if (import.meta.main) {
  const linked = linkShared(new URL('../dist', import.meta.url).pathname);
  if (!linked)
    throw new Error('link-shared: no import of the shared module in dist/ (is the build plugin on?)');
  console.log(`link-shared: pointed ${linked} import(s) at dist/shared.js or shared.cjs`);
}
