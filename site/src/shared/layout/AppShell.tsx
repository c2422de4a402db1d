import type { ReactNode } from 'react';
import { BrandLink } from '../brand/Logo.tsx';
import './app-shell.css';

interface AppShellProps {
  /** The page's own class on <main> (its width and layout). */
  className?: string;
  /** Links and buttons for the signed-in user (Home, Admin, Logout…), right of the brand. */
  nav?: ReactNode;
  /** The nav's accessible name. */
  navLabel?: string;
  children: ReactNode;
}

/**
 * The one frame of the app screens (/login, the first-run password, /demo, /admin): the
 * site's brand and colours in a header bar whose nav wraps instead of running off a narrow
 * screen, and a main area that never scrolls sideways.
 */
export function AppShell({ className, nav, navLabel = 'Account', children }: AppShellProps) {
  return (
    <div className="app-shell">
      <header className="app-shell__header">
        <div className="app-shell__bar container">
          <BrandLink />
          {nav && (
            <nav className="app-shell__nav" aria-label={navLabel}>
              {nav}
            </nav>
          )}
        </div>
      </header>
      <main id="main" className={['app-shell__main', 'container', className ?? ''].filter(Boolean).join(' ')}>
        {children}
      </main>
    </div>
  );
}
