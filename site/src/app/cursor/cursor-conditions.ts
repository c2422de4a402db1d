/** The custom cursor needs a mouse-like pointer, room (wider than 900 px) and motion allowed. */
export const CURSOR_MIN_WIDTH = 900;
export const FINE_POINTER_QUERY = '(pointer: fine)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function cursorAllowed(win: Window = window): boolean {
  if (typeof win.matchMedia !== 'function') return false;
  return (
    win.matchMedia(FINE_POINTER_QUERY).matches &&
    !win.matchMedia(REDUCED_MOTION_QUERY).matches &&
    win.innerWidth > CURSOR_MIN_WIDTH
  );
}
