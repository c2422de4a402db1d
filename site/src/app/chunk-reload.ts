/** A route chunk that failed to load usually means a deploy replaced it: reload, but only once. */
const RELOAD_KEY = 'voxdesk:chunk-reload';
/** Another failure this soon after a reload is the same problem; do not loop. */
const LOOP_WINDOW_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Loading (CSS )?chunk|dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it already reloaded for this reason within the last minute. Returns whether it did. */
export function reloadOnceForChunkError(error: unknown, now = Date.now()): boolean {
  console.warn('Voxdesk: a page chunk failed to load; reloading once to pick up the latest version.', error);
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY)) || 0;
    if (now - last < LOOP_WINDOW_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    // Storage unavailable (privacy mode): reloading without a guard could loop, so do not.
    return false;
  }
  window.location.reload();
  return true;
}
