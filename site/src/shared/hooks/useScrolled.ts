import { useEffect, useState } from 'react';
import { afterNextPaint } from '../scroll/after-paint.ts';

/** True once the page has scrolled more than `threshold` pixels (the header's scrolled style). */
export function useScrolled(threshold = 20): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    const cancelFirstRead = afterNextPaint(update); // not inside the commit: no forced reflow
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelFirstRead();
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return scrolled;
}
