// Gzipped JavaScript each route loads up front, from the build output: the entry chunk plus
// the route module's chunk and everything they import statically (Vite's .vite/manifest.json).
// Run after `vite build` (npm run bench builds first). `--explain [path…]` lists the files
// behind each figure (default: /), and the deferred parts whose JS is not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { collectAssets, entryKey, isDeferredPart, type Manifest } from '../scripts/manifest-assets.ts';

/** Goal from the issue: `/` ships at most 115 kB of gzipped JS up front. */
export const HOME_BUDGET_KB = 115;
/** Goal from issue 23: /demo before Start ships at most 5 kB (gz) more than /login. */
export const DEMO_OVER_LOGIN_BUDGET_KB = 5;

interface PageEntry {
  path: string;
  source: string;
  /** A nested page's modules, its parents' first (src/entry-server.tsx). */
  sources?: string[];
  prerender: boolean;
}

export interface RouteSize {
  path: string;
  /** The JS files counted, each with its gzipped size, the entry's first. */
  fileSizes: { file: string; gzipKb: number; inEntry: boolean }[];
  /** Deferred parts (`*.deferred.tsx`) the route requests while it hydrates: not counted. */
  deferred: { source: string; gzipKb: number }[];
  files: number;
  rawKb: number;
  gzipKb: number;
  /** What the route adds on top of the entry (framework + app shell). */
  routeGzipKb: number;
}

const kb = (bytes: number) => bytes / 1000;

export function measure(clientDir: string): { entryGzipKb: number; routes: RouteSize[] } {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const pages = JSON.parse(readFileSync(join(clientDir, '.vite/pages.json'), 'utf8')) as PageEntry[];
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(join(clientDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const total = (files: string[], key: 'raw' | 'gzip') =>
    files.reduce((sum, file) => sum + sizeOf(file)[key], 0);

  const entry = collectAssets(manifest, entryKey(manifest)).js;
  const entryGzip = total(entry, 'gzip');
  const routes = pages.map(({ path, source, sources = [source] }) => {
    const files = [...new Set([...entry, ...sources.flatMap((s) => collectAssets(manifest, s).js)])];
    const gzip = total(files, 'gzip');
    const deferredParts = [
      ...new Set(
        sources
          .flatMap((s) => collectAssets(manifest, s).js)
          .flatMap(
            (file) => Object.values(manifest).find((chunk) => chunk.file === file)?.dynamicImports ?? [],
          )
          .filter(isDeferredPart),
      ),
    ];
    return {
      path,
      fileSizes: files.map((file) => ({
        file,
        gzipKb: kb(sizeOf(file).gzip),
        inEntry: entry.includes(file),
      })),
      deferred: deferredParts.map((source) => ({
        source,
        gzipKb: kb(
          total(
            collectAssets(manifest, source).js.filter((file) => !files.includes(file)),
            'gzip',
          ),
        ),
      })),
      files: files.length,
      rawKb: kb(total(files, 'raw')),
      gzipKb: kb(gzip),
      routeGzipKb: kb(gzip - entryGzip),
    };
  });
  return { entryGzipKb: kb(entryGzip), routes };
}

if (import.meta.main) {
  const clientDir = join(import.meta.dirname, '../dist/client');
  const { entryGzipKb, routes } = measure(clientDir);
  console.log(
    `\nUp-front JavaScript per route (gzip -9; entry = React, react-dom, react-router and the app shell: ${entryGzipKb.toFixed(1)} kB)\n`,
  );
  console.log(
    ['route'.padEnd(30), 'files', '    raw kB', '    gzip kB', '  route gzip kB', '  × entry'].join(' '),
  );
  for (const route of routes) {
    console.log(
      [
        route.path.padEnd(30),
        String(route.files).padStart(5),
        route.rawKb.toFixed(1).padStart(10),
        route.gzipKb.toFixed(1).padStart(11),
        route.routeGzipKb.toFixed(1).padStart(15),
        (route.gzipKb / entryGzipKb).toFixed(2).padStart(9),
      ].join(' '),
    );
  }
  const home = routes.find((route) => route.path === '/');
  if (!home) throw new Error('The build has no / route');
  const verdict = home.gzipKb <= HOME_BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `\n/ ships ${home.gzipKb.toFixed(1)} kB gzipped JS up front: ${verdict} the ${HOME_BUDGET_KB} kB goal.`,
  );
  const login = routes.find((route) => route.path === '/login');
  const demo = routes.find((route) => route.path === '/demo');
  if (login && demo) {
    const over = demo.gzipKb - login.gzipKb;
    const within = over <= DEMO_OVER_LOGIN_BUDGET_KB;
    console.log(
      `/demo ships ${over.toFixed(1)} kB more than /login before Start: ${within ? 'within' : 'OVER'} the ${DEMO_OVER_LOGIN_BUDGET_KB} kB goal.`,
    );
    if (!within) process.exitCode = 1;
  }
  if (verdict === 'OVER') process.exitCode = 1;

  const explain = process.argv.indexOf('--explain');
  if (explain !== -1) {
    const paths = process.argv.slice(explain + 1).filter((arg) => !arg.startsWith('--'));
    for (const route of routes.filter((r) => (paths.length ? paths : ['/']).includes(r.path))) {
      console.log(`\n${route.path}: ${route.gzipKb.toFixed(1)} kB gz up front, largest first`);
      for (const { file, gzipKb, inEntry } of [...route.fileSizes].sort((a, b) => b.gzipKb - a.gzipKb))
        console.log(`  ${gzipKb.toFixed(1).padStart(6)} kB  ${inEntry ? 'entry' : 'route'}  ${file}`);
      for (const { source, gzipKb } of route.deferred)
        console.log(
          `  ${gzipKb.toFixed(1).padStart(6)} kB  not up front (deferred part, loads while it hydrates)  ${source}`,
        );
    }
  }
}
