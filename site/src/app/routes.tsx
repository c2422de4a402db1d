import type { RouteObject } from 'react-router';
import { RedirectHome } from './RedirectHome.tsx';
import { Root } from './Root.tsx';
import { RouteError } from './RouteError.tsx';

/**
 * The whole route table. Each feature exports its page from a `route.tsx` module
 * (`Component`, optional `handle: RouteHandle`), loaded lazily so code splits per route.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: () => import('../features/home/route.tsx') },
      { path: 'industries/:industry', lazy: () => import('../features/industries/route.tsx') },
      { path: 'case-studies/:industry', lazy: () => import('../features/case-studies/route.tsx') },
      { path: 'chatbot', lazy: () => import('../features/chatbot/route.tsx') },
      { path: 'login', lazy: () => import('../features/auth/route.tsx') },
      { path: 'demo', lazy: () => import('../features/demo/route.tsx') },
      { path: 'admin', lazy: () => import('../features/admin/route.tsx') },
      { path: '*', Component: RedirectHome },
    ],
  },
];

/** Public marketing routes rendered to static HTML at build time. */
export const prerenderedPaths = [
  '/',
  '/industries/health-clinics',
  '/industries/law-firms',
  '/industries/home-services',
  '/case-studies/health-clinics',
  '/case-studies/law-firms',
  '/case-studies/home-services',
  '/chatbot',
] as const;
