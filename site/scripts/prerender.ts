// Writes static HTML for every public route into dist/client, after `vite build` (client)
// and `vite build --ssr` (dist/ssr), with the default site settings: dist/client is then a
// complete static site. The server renders the same pages again at start-up with the
// owner's settings (server/site-pages.ts), from the SSR bundle this build keeps in dist/ssr.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as EntryServer from '../src/entry-server.tsx';
import { DEFAULT_SITE_SETTINGS } from '../common/site-settings.ts';
import { renderSite, TEMPLATE_FILE, type SiteRenderer } from '../server/site-pages.ts';

const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = join(siteDir, 'dist/client');
const ssrDir = join(siteDir, 'dist/ssr');

// Vite's index.html is about to become the home page: keep the template for the server.
await copyFile(join(clientDir, 'index.html'), join(clientDir, TEMPLATE_FILE));

const entry = (await import(join(ssrDir, 'entry-server.js'))) as typeof EntryServer & SiteRenderer;
// The route → source table, beside Vite's manifest, for the bundle-size bench.
await writeFile(join(clientDir, '.vite/pages.json'), JSON.stringify(entry.allPages, null, 2));

const site = await renderSite(clientDir, entry, DEFAULT_SITE_SETTINGS);
await writeFile(join(clientDir, 'spa-fallback.html'), site.shell);
for (const [path, page] of site.pages) {
  const file = join(clientDir, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
  console.log(`prerendered ${path}`);
}
await writeFile(join(clientDir, 'sitemap.xml'), site.sitemap);
await writeFile(join(clientDir, 'robots.txt'), site.robots);
