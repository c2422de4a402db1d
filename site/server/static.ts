import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';

/** Client-rendered routes: served the SPA shell, the browser router takes over. */
const CLIENT_ROUTES = new Set(['/login', '/demo', '/admin']);
const SPA_SHELL = 'spa-fallback.html';

/**
 * The built site: hashed assets with a one-year immutable cache, prerendered pages and the
 * SPA shell (always revalidated), other public files, the spec's redirects, and `/` for
 * any other path.
 */
export function staticRoutes(clientDir: string) {
  const root = normalize(clientDir + sep);
  const NOT_BUILT = 'The site is not built yet: run `npm run build -w @voxdesk/site`.';
  // A page can vanish while a rebuild replaces dist/client: say so instead of a bare 500.
  const html = async (c: Context, file: string) => {
    try {
      return c.html(await readFile(file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return c.text(NOT_BUILT, 503);
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

  // Analytics scripts (spec §7) exist only on the hosting provider; here a script request
  // must not be answered with the home page.
  app.all('/_vercel/*', (c) => c.text('Not found', 404));

  app.get('/special-landing', (c) => c.redirect('/landingpage/index.html', 302));
  app.get('/blueprint', (c) => c.redirect('/blueprint/index.html', 302));

  app.get('*', async (c, next) => {
    const path = c.req.path.replace(/\/+$/, '') || '/';
    c.header('Cache-Control', 'no-cache');
    if (CLIENT_ROUTES.has(path)) return html(c, join(clientDir, SPA_SHELL));
    const page = normalize(join(clientDir, path, 'index.html'));
    if (page.startsWith(root) && existsSync(page)) return html(c, page);
    c.res.headers.delete('Cache-Control');
    return next();
  });

  app.use('*', serveStatic({ root: clientDir }));
  app.get('*', (c) => {
    // Without a home page a redirect to / would loop: the build is missing or being replaced.
    if (!existsSync(join(clientDir, 'index.html'))) {
      return c.text(NOT_BUILT, 503);
    }
    return c.redirect('/', 302);
  });
  return app;
}
