import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { isRouteHandle } from '../shared/route-handle.ts';

/** The layout every route renders inside: global elements and per-route document title. */
export function Root() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches.map((m) => m.handle).findLast(isRouteHandle);

  // Every route change starts at the top of the page (spec §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (handle) document.title = handle.title;
  }, [handle]);

  return <Outlet />;
}
