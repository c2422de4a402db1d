/**
 * The one list of the site's pages: each URL, the module under `src/features/` that renders it
 * and whether it is prerendered. The browser's router (app/routes.tsx), the prerender and the
 * server (which serves the SPA shell for every client-rendered page) all read it, so it holds
 * data only: no React, no Vite.
 */
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

/** The URLs rendered in the browser (not prerendered): the server answers them with the SPA shell. */
export const clientRenderedPaths = (list: readonly Page[] = pages): string[] =>
  urlPages(list)
    .flatMap((chain) => chain.slice(-1))
    .filter((page) => !page.prerender)
    .map((page) => page.path);

/** The social card image of a public page: `/og/<slug>.jpg` (scripts/og-images.ts draws them). */
export const ogImagePath = (path: string) =>
  `/og/${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}.jpg`;
