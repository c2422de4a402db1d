import { useCallback, useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../scroll/after-paint.ts';

export interface ActiveSectionOptions {
  /** A section counts as current once its top is within this many pixels of the viewport top. */
  threshold?: number;
  /** After `select()` (a nav click), scroll tracking pauses this long so the smooth scroll does not flicker. */
  lockMs?: number;
}

/** The last section (in document order) whose top has reached the threshold, or null. */
function currentSection(ids: readonly string[], threshold: number): string | null {
  let current: string | null = null;
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element && element.getBoundingClientRect().top <= threshold) current = id;
  }
  return current;
}

/**
 * Follows the scroll position to say which of `ids` is active. `select(id)` marks a section
 * active immediately and locks tracking for `lockMs`, then re-reads the position.
 */
export function useActiveSection(
  ids: readonly string[],
  { threshold = 120, lockMs = 800 }: ActiveSectionOptions = {},
) {
  const [active, setActive] = useState<string | null>(null);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const locked = useRef(false);

  const update = useCallback(() => {
    if (!locked.current) setActive(currentSection(ids, threshold));
  }, [ids, threshold]);

  useEffect(() => {
    // First read after the next paint: reading layout inside the hydration commit forces a reflow.
    const cancelFirstRead = afterNextPaint(update);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelFirstRead();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [update]);

  useEffect(() => () => clearTimeout(lockTimer.current), []);

  const select = useCallback(
    (id: string) => {
      setActive(id);
      locked.current = true;
      clearTimeout(lockTimer.current);
      lockTimer.current = setTimeout(() => {
        locked.current = false;
        update();
      }, lockMs);
    },
    [lockMs, update],
  );

  return { active, select };
}
