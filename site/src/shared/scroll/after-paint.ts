/**
 * Runs `callback` once the next frame has painted. Reading layout (scroll position, element
 * boxes) then costs nothing; reading it inside a commit forces a synchronous reflow.
 * Returns a function that cancels the call.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
}
