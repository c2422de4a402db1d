import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { APP_SPLASH_ID } from './app/AppSplash.tsx';
import { reloadOnceForChunkError } from './app/chunk-reload.ts';
import { logWebVitals, startAnalytics } from './app/observability.ts';
import { routes } from './app/routes.tsx';
import { readSettingsBlock, setSiteSettings, siteSettings } from '../common/site-settings.ts';
import { hydrationDone } from './shared/ui/deferred.tsx';
import './shared/styles/global.css';

// The server's run-time settings, before anything renders: hydration sees what the server did.
setSiteSettings(readSettingsBlock(document));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Prerendered pages hydrate; client-only routes (/login, /demo, /admin) render fresh.
// (Elements, not nodes: in development #root still holds the `<!--app-html-->` placeholder.)
const prerendered = container.firstElementChild !== null;

// A stylesheet or module preload that vanished with a new deploy: reload once.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnceForChunkError((event as Event & { payload?: unknown }).payload);
});

async function resolveLazyRoutes() {
  // Lazy routes must be resolved before hydrating, or React renders a second copy.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * Runs once the first render has committed: deferred parts rendered later need no boundary,
 * and a client-rendered page's splash (already hidden by CSS in that frame) leaves the DOM.
 */
function FirstRenderDone() {
  useEffect(() => {
    hydrationDone();
    document.getElementById(APP_SPLASH_ID)?.remove();
  }, []);
  return null;
}

async function start() {
  if (prerendered) {
    try {
      await resolveLazyRoutes();
    } catch (error) {
      // The prerendered HTML stays readable; a missing chunk means a newer deploy.
      reloadOnceForChunkError(error);
      return;
    }
  }
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
      <FirstRenderDone />
    </StrictMode>
  );
  // Hydrating inside a transition lets React yield to the browser between components instead
  // of one long task (Total Blocking Time); the server HTML stays on screen meanwhile.
  if (prerendered) startTransition(() => void hydrateRoot(container!, app));
  else createRoot(container!).render(app);

  void startAnalytics(siteSettings().analytics);
  if (import.meta.env.DEV) void logWebVitals();
}

void start();
