/** The fixed header's height: in-page targets land this far below the viewport top. */
export const SCROLL_OFFSET = 80;

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls so the element with `id` sits just below the fixed header. Smooth unless the
 * visitor asked for reduced motion. Returns false when there is no such element.
 */
export function scrollToSection(id: string, { offset = SCROLL_OFFSET, smooth = true } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - offset;
  const behavior = smooth && !prefersReducedMotion() ? 'smooth' : 'auto';
  window.scrollTo({ top: Math.max(0, top), behavior });
  return true;
}
