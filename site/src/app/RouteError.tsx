import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts';
import './route-error.css';

/**
 * A route chunk that fails to load (usually a deploy replaced it) must not leave a blank
 * page: say so and reload once. Other errors get a plain message and a way home.
 */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const [reloading, setReloading] = useState(true);

  useEffect(() => {
    if (chunkFailed) setReloading(reloadOnceForChunkError(error));
  }, [chunkFailed, error]);

  return (
    <main id="main" className="route-error" role="alert">
      <h1>{chunkFailed ? 'A newer version of this page is available' : 'Something went wrong'}</h1>
      <p>
        {chunkFailed && reloading
          ? 'Loading the latest version…'
          : 'Please reload the page, or go back to the home page.'}
      </p>
      <a href="/">Back to Home</a>
    </main>
  );
}
