import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isRouteHandle, type RouteHandle } from './shared/route-handle.ts';
import { AppSplash } from './app/AppSplash.tsx';
import { routes } from './app/routes.tsx';
import { sourceFile, urlPages } from '../common/pages.ts';
import { DEFAULT_SITE_SETTINGS, setSiteSettings, type SiteSettings } from '../common/site-settings.ts';
import { loadDeferredParts } from './shared/ui/deferred.tsx';

/** Every page with its module's source (the key in Vite's manifest); the bench reads this too. */
export const allPages = urlPages().map((chain) => {
  const page = chain.at(-1)!;
  return {
    path: page.path,
    source: sourceFile(page),
    /** The modules this URL loads: its own and those of the pages it is nested in. */
    sources: chain.map(sourceFile),
    prerender: page.prerender,
  };
});

/** Public routes to prerender. */
export const prerenderedPages = allPages.filter((page) => page.prerender);

export interface RenderedPage {
  html: string;
  head: RouteHandle | undefined;
}

/**
 * Renders one public route to HTML with the owner's settings: at start-up by the server
 * (server/site-pages.ts) and with the defaults by the build (scripts/prerender.ts).
 */
export async function render(
  path: string,
  settings: SiteSettings = DEFAULT_SITE_SETTINGS,
): Promise<RenderedPage> {
  setSiteSettings(settings);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  // The route modules are loaded now; their below-the-fold parts too, so the HTML is whole.
  await loadDeferredParts();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const head = context.matches.map((m): unknown => m.route.handle).findLast(isRouteHandle);
  return { html, head };
}

/** The static first paint of the client-rendered pages (server/site-pages.ts puts it in their shells). */
export function renderSplash(settings: SiteSettings = DEFAULT_SITE_SETTINGS): string {
  setSiteSettings(settings);
  return renderToStaticMarkup(<AppSplash />);
}
