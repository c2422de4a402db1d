import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isRouteHandle, type RouteHandle } from './shared/route-handle.ts';
import { pages, routes, sourceFile } from './app/routes.tsx';

/** Public routes to prerender, each with its module's source (the key in Vite's manifest). */
export const prerenderedPages = pages
  .filter((page) => page.prerender)
  .map((page) => ({ path: page.path, source: sourceFile(page) }));

export interface RenderedPage {
  html: string;
  head: RouteHandle | undefined;
}

/** Renders one public route to HTML for the build-time prerender (scripts/prerender.ts). */
export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const head = context.matches.map((m) => m.route.handle).findLast(isRouteHandle);
  return { html, head };
}
