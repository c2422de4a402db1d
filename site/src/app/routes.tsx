import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../shared/route-handle.ts';
import { RedirectHome } from './RedirectHome.tsx';
import { Root } from './Root.tsx';
import { RouteError } from './RouteError.tsx';

/** What a page module exports (see any `features/<feature>/route.tsx`). */
export interface RouteModule {
  Component: ComponentType;
  handle?: RouteHandle;
}

/**
 * Route modules, each its own chunk. A glob (rather than one `import()` per route) lets the
 * prerender map a path to its source file and so to its CSS and JS in Vite's manifest.
 */
const modules = import.meta.glob<RouteModule>(['../features/*/route.tsx', '../features/*/*.route.tsx']);

export interface Page {
  path: string;
  /** The module under `src/features/`. */
  module: string;
  /** Public marketing pages are rendered to static HTML at build time. */
  prerender: boolean;
}

export const pages: readonly Page[] = [
  { path: '/', module: 'home/route.tsx', prerender: true },
  { path: '/industries/health-clinics', module: 'industries/health-clinics.route.tsx', prerender: true },
  { path: '/industries/law-firms', module: 'industries/law-firms.route.tsx', prerender: true },
  { path: '/industries/home-services', module: 'industries/home-services.route.tsx', prerender: true },
  { path: '/case-studies/health-clinics', module: 'case-studies/health-clinics.route.tsx', prerender: true },
  { path: '/case-studies/law-firms', module: 'case-studies/law-firms.route.tsx', prerender: true },
  { path: '/case-studies/home-services', module: 'case-studies/home-services.route.tsx', prerender: true },
  { path: '/chatbot', module: 'chatbot/route.tsx', prerender: true },
  { path: '/login', module: 'auth/route.tsx', prerender: false },
  { path: '/demo', module: 'demo/route.tsx', prerender: false },
  { path: '/admin', module: 'admin/route.tsx', prerender: false },
];

/** The page's source file relative to the site root, as keyed in Vite's manifest. */
export const sourceFile = (page: Page) => `src/features/${page.module}`;

function pageRoute(page: Page): RouteObject {
  const load = modules[`../features/${page.module}`];
  if (!load) throw new Error(`Route ${page.path}: no module src/features/${page.module}`);
  return page.path === '/' ? { index: true, lazy: load } : { path: page.path.slice(1), lazy: load };
}

/** The whole route table: every page inside Root; any other path is replaced with `/`. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    ErrorBoundary: RouteError,
    // Client-rendered routes (/login, /demo, /admin) show nothing while their chunk loads;
    // prerendered pages resolve theirs before hydrating and never see this.
    HydrateFallback: () => null,
    children: [...pages.map(pageRoute), { path: '*', Component: RedirectHome }],
  },
];
