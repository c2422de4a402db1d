import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { clientRenderedPaths } from '../common/pages.ts';
import type { LivePages } from './live-pages.ts';
import { robotsTxt, sitemapXml, withSettings } from './site-pages.ts';

/** Client-rendered pages (common/pages.ts): served the SPA shell, the browser router takes over. */
export const CLIENT_ROUTES: ReadonlySet<string> = new Set(clientRenderedPaths());
const SPA_SHELL = 'spa-fallback.html';
/** Read errors that mean "no file at this path" (what `existsSync` answers false for). */
const NO_SUCH_FILE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP', 'ERR_INVALID_ARG_VALUE']);
/** Types Hono's table lacks, for the sample calls (public/samples): a WebVTT file must be text/vtt. */
const MEDIA_TYPES: Record<string, string> = { '.vtt': 'text/vtt; charset=utf-8', '.m4a': 'audio/mp4' };

/**
 * The built site: hashed assets with a one-year immutable cache, prerendered pages and the
 * SPA shell (always revalidated), other public files, the spec's redirects, and `/` for
 * any other path. `live`: the pages rendered with the owner's settings and the published
 * samples (server/live-pages.ts); without a render (a build with no SSR bundle) the files on
 * disk are served with the settings block added.
 */
export function staticRoutes(clientDir: string, live: LivePages) {
  const root = normalize(clientDir + sep);
  const NOT_BUILT = 'The site is not built yet: run `npm run build -w @voxdesk/site`.';
  // Read on every request (a rebuild may replace dist/client), in one async read: no
  // existence check first. `undefined` when there is no such page.
  const readPage = async (file: string): Promise<string | undefined> => {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if (NO_SUCH_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw error;
    }
  };
  const app = new Hono();

  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // A missing hashed file is a stale page asking for an old build: say so, don't send HTML.
  app.all('/assets/*', (c) => c.text('Not found', 404));

  // Build metadata (Vite's /.vite/manifest.json) and any other dot-file or dot-folder: never served.
  app.all('*', async (c, next) =>
    c.req.path.split('/').some((segment) => segment.startsWith('.') && segment.length > 0)
      ? c.text('Not found', 404)
      : next(),
  );

  // Analytics scripts (spec §7) exist only on the hosting provider; here a script request
  // must not be answered with the home page.
  app.all('/_vercel/*', (c) => c.text('Not found', 404));

  app.get('/special-landing', (c) => c.redirect('/landingpage/index.html', 302));
  app.get('/blueprint', (c) => c.redirect('/blueprint/index.html', 302));

  app.get('/sitemap.xml', async (c) => {
    const { settings, pages: cached } = await live.current();
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    return c.body(cached?.sitemap ?? sitemapXml(settings.siteUrl, ['/']));
  });
  app.get('/robots.txt', async (c) => {
    const { settings, pages: cached } = await live.current();
    c.header('Cache-Control', 'no-cache');
    return c.text(cached?.robots ?? robotsTxt(settings.siteUrl));
  });

  app.get('*', async (c, next) => {
    const path = c.req.path.replace(/\/+$/, '') || '/';
    const { settings, pages: cached } = await live.current();
    if (CLIENT_ROUTES.has(path)) {
      c.header('Cache-Control', 'no-cache');
      // Sign-in and app screens are nobody's search result.
      c.header('X-Robots-Tag', 'noindex');
      if (cached) return c.html(cached.shells.get(path) ?? cached.shell);
      const shell = await readPage(join(clientDir, SPA_SHELL));
      return shell === undefined
        ? c.text(NOT_BUILT, 503)
        : c.html(withSettings(shell, settings, { noindex: true }));
    }
    const rendered =
      cached?.pages.get(path) ?? cached?.files.get(path) ?? cached?.files.get(`${path}/index.html`);
    if (rendered !== undefined) {
      c.header('Cache-Control', 'no-cache');
      return c.html(rendered);
    }
    const file = normalize(join(clientDir, path, 'index.html'));
    const page = file.startsWith(root) ? await readPage(file) : undefined;
    if (page === undefined) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(withSettings(page, settings));
  });

  app.use(
    '*',
    serveStatic({
      root: clientDir,
      onFound: (path, c) => {
        const type = MEDIA_TYPES[extname(path)];
        if (type) c.header('Content-Type', type);
      },
    }),
  );
  app.get('*', (c) => {
    // Without a home page a redirect to / would loop: the build is missing or being replaced.
    if (!existsSync(join(clientDir, 'index.html'))) {
      return c.text(NOT_BUILT, 503);
    }
    return c.redirect('/', 302);
  });
  return app;
}
