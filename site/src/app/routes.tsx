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
  /**
   * Pages nested in this one (its module renders them in an `<Outlet>`); the first child whose
   * path equals the parent's is its index route. Each has its own module, loader and action.
   */
  children?: readonly Page[];
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
  { path: '/privacy', module: 'legal/privacy.route.tsx', prerender: true },
  { path: '/privacy/sq', module: 'legal/privacy-sq.route.tsx', prerender: true },
  { path: '/terms', module: 'legal/terms.route.tsx', prerender: true },
  { path: '/terms/sq', module: 'legal/terms-sq.route.tsx', prerender: true },
  { path: '/login', module: 'auth/route.tsx', prerender: false },
  { path: '/set-password', module: 'auth/set-password.route.tsx', prerender: false },
  { path: '/demo', module: 'demo/route.tsx', prerender: false },
  {
    path: '/admin',
    module: 'admin/route.tsx',
    prerender: false,
    // The admin tabs are URLs (bookmarks, Back); server/static.ts serves the shell for each.
    children: [
      { path: '/admin', module: 'admin/clients.route.tsx', prerender: false },
      { path: '/admin/leads', module: 'admin/leads.route.tsx', prerender: false },
    ],
  },
];

/**
 * Every page a URL opens, each with the pages it is nested in (outermost first, itself last):
 * a nested page loads its parents' modules too. A page with children is opened as one of them.
 */
export const urlPages = (list: readonly Page[] = pages, parents: Page[] = []): Page[][] =>
  list.flatMap((page) =>
    page.children ? urlPages(page.children, [...parents, page]) : [[...parents, page]],
  );

/** The page's source file relative to the site root, as keyed in Vite's manifest. */
export const sourceFile = (page: Page) => `src/features/${page.module}`;

function pageRoute(page: Page, parent = '/'): RouteObject {
  const load = modules[`../features/${page.module}`];
  if (!load) throw new Error(`Route ${page.path}: no module src/features/${page.module}`);
  if (page.path === parent) return { index: true, lazy: load };
  const path = page.path.slice(parent === '/' ? 1 : parent.length + 1);
  if (!page.children) return { path, lazy: load };
  return { path, lazy: load, children: page.children.map((child) => pageRoute(child, page.path)) };
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
    children: [...pages.map((page) => pageRoute(page)), { path: '*', Component: RedirectHome }],
  },
];
