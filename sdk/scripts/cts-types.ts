/**
 * Run after tsup: writes each `dist/**\/*.d.cts` (the CommonJS entries' types) from its `.d.ts`,
 * with relative specifiers `./x.js` turned into `./x.cjs`. A second tsup dts pass for the
 * CommonJS build produced the same declarations under those specifiers (checked file by file,
 * chunk hashes aside) and took 14.6 of the SDK build's 32 CPU seconds.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RELATIVE_JS = /(from |import |import\()(['"])(\.{1,2}\/[^'"]*?)\.js\2/g;

/** The CommonJS twin of a `.d.ts` file's text: relative `.js` specifiers become `.cjs`. */
export function ctsOf(declarations: string): string {
  return declarations.replace(RELATIVE_JS, '$1$2$3.cjs$2');
}

/** Writes a `.d.cts` beside every `.d.ts` under `dir`; returns how many. */
export function writeCtsTypes(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), ctsOf(readFileSync(file, 'utf8')));
    written++;
  }
  return written;
}

if (import.meta.main) {
  const written = writeCtsTypes(new URL('../dist', import.meta.url).pathname);
  console.log(`cts-types: wrote ${written} .d.cts file(s) from dist's .d.ts`);
}
