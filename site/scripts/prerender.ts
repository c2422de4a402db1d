// Writes static HTML for every public route into dist/client, after `vite build` (client)
// and `vite build --ssr` (dist/ssr). Client-only routes are served the untouched shell.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as EntryServer from '../src/entry-server.tsx';

const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = join(siteDir, 'dist/client');
const ssrDir = join(siteDir, 'dist/ssr');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const template = await readFile(join(clientDir, 'index.html'), 'utf8');
await writeFile(join(clientDir, 'spa-fallback.html'), template.replace('<!--app-html-->', ''));

const { render, prerenderedPaths } = (await import(join(ssrDir, 'entry-server.js'))) as typeof EntryServer;

for (const path of prerenderedPaths) {
  const { html, head } = await render(path);
  let page = template.replace('<!--app-html-->', html);
  if (head) {
    page = page.replace(/<title>.*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
    if (head.description) {
      page = page.replace(
        /(<meta name="description" content=")[^"]*(")/,
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
