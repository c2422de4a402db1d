// The served HTML with the owner's run-time settings in it. At start-up the server renders
// every public page with the settings it was started with (the SSR bundle the build keeps in
// dist/ssr) and caches the result; the build runs the same code with the defaults so that
// dist/client is also a complete static site. Each page carries the settings as a JSON data
// block, its canonical link and Open Graph tags; the client routes' shell carries noindex.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ogImagePath } from '../common/pages.ts';
import { DEFAULT_SCHEDULING_URL, settingsBlock, type SiteSettings } from '../common/site-settings.ts';
import { routeExtras, type Manifest } from '../scripts/manifest-assets.ts';

/** What dist/ssr/entry-server.js exports (src/entry-server.tsx). */
export interface SiteRenderer {
  render(
    path: string,
    settings: SiteSettings,
  ): Promise<{ html: string; head?: { title: string; description?: string; lang?: string } }>;
  prerenderedPages: { path: string; source: string }[];
  /** Every page; `sources`: the modules its URL loads (its own and its parents'). */
  allPages: { path: string; sources: string[]; prerender: boolean }[];
  /** The static first paint of the client-rendered pages (src/app/AppSplash.tsx). */
  renderSplash(settings: SiteSettings): string;
}

export interface SitePages {
  /** Public pages by URL path ('/', '/chatbot'). */
  pages: Map<string, string>;
  /** The shell of the client-rendered routes (/login, /demo, /admin), without route assets. */
  shell: string;
  /**
   * Each client-rendered route's own shell, by URL path: its CSS inline and its chunks
   * modulepreloaded (fetched beside the entry, not after it), and the app splash painted
   * before any script runs.
   */
  shells: Map<string, string>;
  /** Static files with the scheduling link in them, by URL path ('/landingpage/index.html'). */
  files: Map<string, string>;
  sitemap: string;
  robots: string;
}

/** Where index.html takes the app splash (the client-rendered routes' shells only). */
const SPLASH_SLOT = '<!--app-splash-->';

/** Vite's index.html as built, kept beside the manifest (never served: dot folder). */
export const TEMPLATE_FILE = '.vite/template.html';
/** Files of public/ that link the booking page (written with the default link, swapped at start). */
export const STATIC_FILES_WITH_SCHEDULING_LINK = ['landingpage/index.html', 'blueprint/index.html'];
const NOINDEX = '<meta name="robots" content="noindex">';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const escapeXml = escapeHtml;

/** The SSR bundle beside the client build, if this build kept one. */
export async function loadRenderer(clientDir: string): Promise<SiteRenderer | undefined> {
  const entry = join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as SiteRenderer;
}

/** Adds the settings block (and noindex) to any page: the head if it has one, else the start. */
export function withSettings(
  html: string,
  settings: SiteSettings,
  options: { noindex?: boolean } = {},
): string {
  const tags = `${options.noindex ? `${NOINDEX}\n    ` : ''}${settingsBlock(settings)}`;
  return html.includes('</head>')
    ? html.replace('</head>', () => `    ${tags}\n  </head>`)
    : `${tags}\n${html}`;
}

/** Open Graph and Twitter card tags and the canonical link, from the site URL. */
function headTags(
  settings: SiteSettings,
  path: string,
  title: string,
  description: string | undefined,
): string {
  const image = `${settings.siteUrl}${ogImagePath(path)}`;
  const url = `${settings.siteUrl}${path}`;
  const meta: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', settings.company.name],
    ['property', 'og:url', url],
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
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...meta.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}">`),
  ].join('\n    ');
}

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Renders every public page, the client routes' shell and the sitemap with these settings. */
export async function renderSite(
  clientDir: string,
  renderer: SiteRenderer,
  settings: SiteSettings,
): Promise<SitePages> {
  const template = await readFile(join(clientDir, TEMPLATE_FILE), 'utf8');
  const manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const styles = new Map<string, string>();
  const styleTag = async (file: string) => {
    let tag = styles.get(file);
    if (tag === undefined) {
      const css = await readFile(join(clientDir, file), 'utf8');
      tag = `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
      styles.set(file, tag);
    }
    return tag;
  };

  /**
   * CSS goes inline, so the first paint waits on no stylesheet request. The route's own CSS
   * also gets a `disabled` <link>: browsers do not fetch it, but Vite's preloader finds it when
   * the route module loads for hydration and so does not download the same CSS again.
   */
  const headAssets = async (...sources: string[]) => {
    const css = new Set<string>();
    const js = new Set<string>();
    for (const source of sources) {
      const extras = routeExtras(manifest, source);
      extras.css.forEach((file) => css.add(file));
      extras.js.forEach((file) => js.add(file));
    }
    const tags: string[] = [];
    for (const file of css)
      tags.push(await styleTag(file), `<link rel="stylesheet" href="/${file}" disabled>`);
    for (const file of js) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
    return tags.join('\n    ');
  };

  // The template's (entry) stylesheet links become the CSS itself, plus a `disabled` link as
  // above: a lazy chunk that lists the entry's CSS among its deps (one importing react-router
  // from the entry chunk) then does not fetch it again.
  const inlineEntryStyles = async (html: string) => {
    let inlined = html;
    for (const [tag, file] of template.matchAll(
      /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    )) {
      const style = await styleTag(file!);
      inlined = inlined.replace(tag, () => `${style}\n    <link rel="stylesheet" href="/${file}" disabled>`);
    }
    return inlined;
  };
  const inlined = await inlineEntryStyles(template.replace(SPLASH_SLOT, ''));

  const pages = new Map<string, string>();
  for (const { path, source } of renderer.prerenderedPages) {
    const { html, head } = await renderer.render(path, settings);
    const assets = await headAssets(source);
    let page = inlined
      .replace('<!--app-html-->', () => html)
      .replace('</head>', () => `  ${assets}\n  </head>`);
    if (head) {
      if (head.lang)
        page = page.replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(head.lang!)}"`);
      page = page.replace(/<title>.*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
      if (head.description) {
        page = page.replace(
          /(<meta\s+name="description"\s+content=")[^"]*(")/,
          (_all, start: string, end: string) => `${start}${escapeHtml(head.description!)}${end}`,
        );
      }
      page = page.replace(
        '</head>',
        () => `  ${headTags(settings, path, head.title, head.description)}\n  </head>`,
      );
    }
    pages.set(path, withSettings(page, settings));
  }

  const files = new Map<string, string>();
  for (const file of STATIC_FILES_WITH_SCHEDULING_LINK) {
    const path = join(clientDir, file);
    if (!existsSync(path)) continue;
    const html = await readFile(path, 'utf8');
    files.set(`/${file}`, html.replaceAll(DEFAULT_SCHEDULING_URL, settings.schedulingUrl));
  }

  // The client-rendered routes: the splash, then the app renders into the empty #root.
  const splash = renderer.renderSplash(settings);
  const shells = new Map<string, string>();
  for (const { path, sources, prerender } of renderer.allPages) {
    if (prerender) continue;
    const assets = await headAssets(...sources);
    const page = template
      .replace(SPLASH_SLOT, () => splash)
      .replace('<!--app-html-->', '')
      .replace('</head>', () => `  ${assets}\n  </head>`);
    shells.set(path, withSettings(await inlineEntryStyles(page), settings, { noindex: true }));
  }

  const paths = renderer.prerenderedPages.map((page) => page.path);
  return {
    pages,
    shells,
    shell: withSettings(template.replace(SPLASH_SLOT, '').replace('<!--app-html-->', ''), settings, {
      noindex: true,
    }),
    files,
    sitemap: sitemapXml(settings.siteUrl, paths),
    robots: robotsTxt(settings.siteUrl),
  };
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
