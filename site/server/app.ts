import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

export interface AppOptions {
  /** The Vite client build (`dist/client`): hashed assets, prerendered pages, the SPA shell. */
  clientDir: string;
}

/** Client-rendered routes: served the SPA shell, the browser router takes over. */
const clientRoutes = new Set(['/login', '/demo', '/admin']);

export function createApp({ clientDir }: AppOptions) {
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

  app.get('/special-landing', (c) => c.redirect('/landingpage/index.html', 302));
  app.get('/blueprint', (c) => c.redirect('/blueprint/index.html', 302));
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  app.get('*', async (c, next) => {
    const path = c.req.path.replace(/\/+$/, '') || '/';
    if (clientRoutes.has(path)) return c.html(await readFile(join(clientDir, 'spa-fallback.html'), 'utf8'));
    const page = normalize(join(clientDir, path, 'index.html'));
    if (page.startsWith(clientDir) && existsSync(page)) return c.html(await readFile(page, 'utf8'));
    return next();
  });

  app.use('*', serveStatic({ root: clientDir }));
  app.get('*', (c) => c.redirect('/', 302));

  return app;
}
