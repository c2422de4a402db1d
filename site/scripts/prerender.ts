// Writes static HTML for every public route into dist/client, after `vite build` (client)
// and `vite build --ssr` (dist/ssr). Client-only routes are served the untouched shell.
// Each page also links its route chunk's CSS (no unstyled flash, with or without JavaScript)
// and modulepreloads its JS (hydration does not wait for a waterfall).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as EntryServer from '../src/entry-server.tsx';
import { routeExtras, type Manifest } from './manifest-assets.ts';

const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = join(siteDir, 'dist/client');
const ssrDir = join(siteDir, 'dist/ssr');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const template = await readFile(join(clientDir, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
await writeFile(join(clientDir, 'spa-fallback.html'), template.replace('<!--app-html-->', ''));

const { render, prerenderedPages, allPages } = (await import(
  join(ssrDir, 'entry-server.js')
)) as typeof EntryServer;
// The route → source table, beside Vite's manifest, for the bundle-size bench.
await writeFile(join(clientDir, '.vite/pages.json'), JSON.stringify(allPages, null, 2));

function headLinks(source: string): string {
  const { js, css } = routeExtras(manifest, source);
  return [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}

/** Replaces the template's stylesheet links with the CSS itself: the first paint needs no request. */
async function inlineStylesheets(html: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, file] of links) {
    const css = await readFile(join(clientDir, file!), 'utf8');
    html = html.replace(tag, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return html;
}

for (const { path, source } of prerenderedPages) {
  const { html, head } = await render(path);
  let page = template
    .replace('<!--app-html-->', html)
    .replace('</head>', `  ${headLinks(source)}\n  </head>`);
  page = await inlineStylesheets(page);
  if (head) {
    page = page.replace(/<title>.*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
    if (head.description) {
      page = page.replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        `$1${escapeHtml(head.description)}$2`,
      );
    }
  }
  const file = join(clientDir, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
  console.log(`prerendered ${path}`);
}

await rm(ssrDir, { recursive: true, force: true });
