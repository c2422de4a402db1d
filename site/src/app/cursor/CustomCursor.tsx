import { useEffect, useRef, useState } from 'react';
import { cursorAllowed, FINE_POINTER_QUERY, REDUCED_MOTION_QUERY } from './cursor-conditions.ts';
import './cursor.css';

/** Elements over which the ring grows and takes the accent tint. */
const INTERACTIVE = 'a, button, input, select, textarea, summary, label, [role="button"], [role="tab"]';

/** Whether to show the cursor: evaluated after hydration, again on resize and media changes. */
export function useCursorAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const evaluate = () => setAllowed(cursorAllowed());
    evaluate();
    window.addEventListener('resize', evaluate);
    const lists = [FINE_POINTER_QUERY, REDUCED_MOTION_QUERY].map((query) => window.matchMedia?.(query));
    for (const list of lists) list?.addEventListener?.('change', evaluate);
    return () => {
      window.removeEventListener('resize', evaluate);
      for (const list of lists) list?.removeEventListener?.('change', evaluate);
    };
  }, []);
  return allowed;
}

/**
 * A circular cursor that trails the mouse. It is decorative: the system cursor stays
 * visible, and the ring never takes pointer events.
 */
export function CustomCursor() {
  return useCursorAllowed() ? <CursorRing /> : null;
}

function CursorRing() {
  const ring = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ring.current;
    if (!element) return;
    let frame = 0;
    let x = 0;
    let y = 0;
    const paint = () => {
      frame = 0;
      element.style.transform = `translate3d(${x}px, ${y}px, 0)`;
    };
    const onMove = (event: MouseEvent) => {
      x = event.clientX;
      y = event.clientY;
      element.classList.add('cursor--visible');
      if (!frame) frame = requestAnimationFrame(paint);
    };
    const onOver = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      element.classList.toggle('cursor--active', Boolean(target?.closest(INTERACTIVE)));
    };
    const onLeave = () => element.classList.remove('cursor--visible');
    window.addEventListener('mousemove', onMove, { passive: true });
    document.addEventListener('mouseover', onOver);
    document.documentElement.addEventListener('mouseleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('mousemove', onMove);
      document.removeEventListener('mouseover', onOver);
      document.documentElement.removeEventListener('mouseleave', onLeave);
    };
  }, []);

  return (
    <div ref={ring} className="cursor" aria-hidden="true" data-testid="custom-cursor">
      <span className="cursor__ring" />
    </div>
  );
}
