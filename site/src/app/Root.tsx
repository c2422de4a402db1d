import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { isRouteHandle } from '../shared/route-handle.ts';
import { scrollToSection } from '../shared/scroll/scroll-to-section.ts';
import { CustomCursor } from './cursor/CustomCursor.tsx';

/** The layout every route renders inside: global elements and per-route document title. */
export function Root() {
  const { pathname, hash } = useLocation();
  const matches = useMatches();
  const handle = matches.map((m) => m.handle).findLast(isRouteHandle);
  const placed = useRef(`${pathname}${hash}`);

  // Every route change starts at the top of the page (spec §2), or at the linked section
  // (`/#benefits` from another page). On first load the browser has already placed the page.
  useEffect(() => {
    if (placed.current === `${pathname}${hash}`) return;
    placed.current = `${pathname}${hash}`;
    if (hash && scrollToSection(decodeURIComponent(hash.slice(1)), { smooth: false })) return;
    window.scrollTo(0, 0);
  }, [pathname, hash]);

  useEffect(() => {
    if (handle) document.title = handle.title;
  }, [handle]);

  return (
    <>
      <Outlet />
      <CustomCursor />
    </>
  );
}
