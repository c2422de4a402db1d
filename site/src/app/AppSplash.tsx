import { Logo } from '../shared/brand/Logo.tsx';

/** The splash's element id (entry-client removes it once the app has rendered). */
export const APP_SPLASH_ID = 'app-splash';

/**
 * The first paint of a client-rendered page (/login, /demo, /admin): the app shell's header
 * bar with the brand, and an empty main area, as static HTML in the page the server sends. It
 * sits outside #root, so React never sees it; the app's own AppShell lays out the same bar in
 * the same place, so nothing moves when it takes over. A picture of the page, not content:
 * hidden from assistive tech and inert (nothing in it takes focus or a click).
 */
export function AppSplash() {
  return (
    <div id={APP_SPLASH_ID} className="app-splash" aria-hidden="true" inert>
      <div className="app-shell">
        <div className="app-shell__header">
          <div className="app-shell__bar container">
            <span className="logo-link">
              <Logo />
            </span>
          </div>
        </div>
        <div className="app-shell__main container" />
      </div>
    </div>
  );
}
