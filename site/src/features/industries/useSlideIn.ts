import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../shared/scroll/scroll-to-section.ts';

/**
 * 'static': the plain grid (server HTML, no IntersectionObserver, reduced motion).
 * 'stacked': waiting out of view, cards piled up. 'in': slid into the grid — one way, for good.
 */
export type SlidePhase = 'static' | 'stacked' | 'in';

export function useSlideIn<T extends Element>(threshold = 0.2) {
  const ref = useRef<T>(null);
  const [phase, setPhase] = useState<SlidePhase>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    setPhase('stacked');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setPhase('in');
        observer.disconnect();
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold]);

  return { ref, phase };
}
