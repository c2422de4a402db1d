import { useEffect } from 'react';
import { useRouteError } from 'react-router';

const RELOAD_FLAG = 'voxdesk:chunk-reload';

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Loading chunk|dynamically imported module|Importing a module script failed/i.test(message);
}

/**
 * A route chunk that fails to load (usually a deploy replaced it) must not leave a blank
 * page: say so and reload once. The session flag stops a reload loop.
 */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (!chunkFailed) return;
    if (sessionStorage.getItem(RELOAD_FLAG)) return;
    sessionStorage.setItem(RELOAD_FLAG, '1');
    window.location.reload();
  }, [chunkFailed]);

  return (
    <main className="route-error" role="alert">
      <h1>{chunkFailed ? 'A newer version of this page is available' : 'Something went wrong'}</h1>
      <p>{chunkFailed ? 'Reloading the page…' : 'Please reload the page or go back home.'}</p>
      <a href="/">Back to Home</a>
    </main>
  );
}
