// Reads Vite's build manifest (.vite/manifest.json) to list the files a route needs up front.

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface ChunkAssets {
  /** JS files, the chunk first, then everything it imports statically (deduplicated). */
  js: string[];
  css: string[];
}

/**
 * A page's deferred parts (`*.deferred.tsx`, see src/shared/ui/deferred.tsx): their JS loads
 * while the page hydrates, so it is not up front, but their CSS must be in the first paint.
 */
export const isDeferredPart = (key: string): boolean => key.endsWith('.deferred.tsx');

/**
 * The chunk for `key` plus its static imports, transitively. Dynamic imports are not
 * followed, except that deferred parts' CSS (and their static imports' CSS) is listed.
 */
export function collectAssets(manifest: Manifest, key: string): ChunkAssets {
  const js: string[] = [];
  const css: string[] = [];
  const chunkOf = (id: string) => {
    const chunk = manifest[id];
    if (!chunk) throw new Error(`Vite manifest has no chunk "${id}"`);
    return chunk;
  };
  const addCss = (chunk: ManifestChunk) => {
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  };
  const seen = new Set<string>();
  const deferred: string[] = [];
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const chunk = chunkOf(id);
    js.push(chunk.file);
    addCss(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
    deferred.push(...(chunk.dynamicImports ?? []).filter(isDeferredPart));
  };
  visit(key);
  const styled = new Set<string>();
  const visitStyles = (id: string) => {
    if (styled.has(id)) return;
    styled.add(id);
    const chunk = chunkOf(id);
    addCss(chunk);
    for (const imported of chunk.imports ?? []) visitStyles(imported);
    for (const part of (chunk.dynamicImports ?? []).filter(isDeferredPart)) visitStyles(part);
  };
  deferred.forEach(visitStyles);
  return { js, css };
}

/** The key of the single HTML entry chunk (index.html → entry-client). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1)
    throw new Error(`Expected one entry chunk in the Vite manifest, found ${entries.length}`);
  return entries[0]![0];
}

/** Assets a route needs beyond the entry's: its own chunk's JS and CSS, minus what the entry already has. */
export function routeExtras(manifest: Manifest, routeKey: string): ChunkAssets {
  const entry = collectAssets(manifest, entryKey(manifest));
  const route = collectAssets(manifest, routeKey);
  return {
    js: route.js.filter((file) => !entry.js.includes(file)),
    css: route.css.filter((file) => !entry.css.includes(file)),
  };
}
