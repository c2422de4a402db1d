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

const { render, prerenderedPages, allPages, DEFAULT_SCHEDULING_URL, SCHEDULING_URL, SITE_URL, ogImagePath } =
  (await import(join(ssrDir, 'entry-server.js'))) as typeof EntryServer;
// The route → source table, beside Vite's manifest, for the bundle-size bench.
await writeFile(join(clientDir, '.vite/pages.json'), JSON.stringify(allPages, null, 2));

const styleTag = async (file: string) => {
  const css = await readFile(join(clientDir, file), 'utf8');
  return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
};

/**
 * CSS goes inline, so the first paint waits on no stylesheet request. The route's own CSS also
 * gets a `disabled` <link>: browsers do not fetch it, but Vite's preloader finds it when the
 * route module loads for hydration and so does not download the same CSS again.
 */
async function headAssets(source: string): Promise<string> {
  const { js, css } = routeExtras(manifest, source);
  const tags: string[] = [];
  for (const file of css) tags.push(await styleTag(file), `<link rel="stylesheet" href="/${file}" disabled>`);
  for (const file of js) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  return tags.join('\n    ');
}

/** Replaces the template's (entry) stylesheet links with the CSS itself. */
async function inlineEntryStylesheets(html: string): Promise<string> {
  for (const [tag, file] of html.matchAll(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
  )) {
    const style = await styleTag(file!);
    html = html.replace(tag, () => style);
  }
  return html;
}

/** Open Graph and Twitter card tags: the page's own title, description and card image. */
function socialTags(path: string, title: string, description: string | undefined): string {
  const image = `${SITE_URL}${ogImagePath(path)}`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Voxdesk'],
    ['property', 'og:url', `${SITE_URL}${path}`],
    ['property', 'og:title', title],
    ...(description ? [['property', 'og:description', description] as [string, string, string]] : []),
    ['property', 'og:image', image],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ...(description ? [['name', 'twitter:description', description] as [string, string, string]] : []),
    ['name', 'twitter:image', image],
  ];
  return tags
    .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}">`)
    .join('\n    ');
}

const inlinedTemplate = await inlineEntryStylesheets(template);
for (const { path, source } of prerenderedPages) {
  const { html, head } = await render(path);
  const assets = await headAssets(source);
  let page = inlinedTemplate
    .replace('<!--app-html-->', html)
    .replace('</head>', () => `  ${assets}\n  </head>`);
  if (head) {
    page = page.replace(/<title>.*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
    if (head.description) {
      page = page.replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        `$1${escapeHtml(head.description)}$2`,
      );
    }
    page = page.replace('</head>', () => `  ${socialTags(path, head.title, head.description)}\n  </head>`);
  }
  const file = join(clientDir, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
  console.log(`prerendered ${path}`);
}

// The static pages (public/landingpage, public/blueprint) use the same scheduling link as the app.
for (const file of ['landingpage/index.html', 'blueprint/index.html']) {
  const path = join(clientDir, file);
  const html = await readFile(path, 'utf8');
  await writeFile(path, html.replaceAll(DEFAULT_SCHEDULING_URL, SCHEDULING_URL));
}

await rm(ssrDir, { recursive: true, force: true });
