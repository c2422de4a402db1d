import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../shared/route-handle.ts';
import { RedirectHome } from './RedirectHome.tsx';
import { Root } from './Root.tsx';
import { RouteError } from './RouteError.tsx';
import { pages, type Page } from '../../common/pages.ts';

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
