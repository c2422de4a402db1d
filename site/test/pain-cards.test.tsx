import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthClinics } from '../src/content/industries/health-clinics.ts';
import { PAIN_CARD_MOTION, PainCards } from '../src/features/industries/PainCards.tsx';
import { installMatchMedia } from './render-route.tsx';

/** A minimal IntersectionObserver whose callback the test triggers. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe() {}
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  fire(isIntersecting: boolean) {
    act(() =>
      this.callback(
        [{ isIntersecting } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
}

const cards = healthClinics.pain.cards;
const list = () => screen.getByRole('list');

describe('PainCards', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('uses the spec timings: stagger 0.12–0.15 s, duration 0.5–0.7 s, 292 px per card', () => {
    expect(PAIN_CARD_MOTION.staggerS).toBeGreaterThanOrEqual(0.12);
    expect(PAIN_CARD_MOTION.staggerS).toBeLessThanOrEqual(0.15);
    expect(PAIN_CARD_MOTION.durationS).toBeGreaterThanOrEqual(0.5);
    expect(PAIN_CARD_MOTION.durationS).toBeLessThanOrEqual(0.7);
    installMatchMedia(() => false);
    render(<PainCards cards={cards} />);
    expect(list().style.getPropertyValue('--offset')).toBe('292px');
    expect(list().style.getPropertyValue('--stagger')).toBe(`${PAIN_CARD_MOTION.staggerS}s`);
    expect(screen.getAllByRole('listitem').map((card) => card.style.getPropertyValue('--i'))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
    ]);
  });

  it('waits stacked until scrolled into view, then slides into the grid once and stops observing', () => {
    installMatchMedia(() => false);
    render(<PainCards cards={cards} />);
    expect(list()).toHaveAttribute('data-phase', 'stacked');
    const observer = FakeObserver.instances[0]!;
    observer.fire(false);
    expect(list()).toHaveAttribute('data-phase', 'stacked');
    observer.fire(true);
    expect(list()).toHaveAttribute('data-phase', 'in');
    expect(observer.disconnected).toBe(true);
  });

  it('stays a static grid under reduced motion', () => {
    installMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    render(<PainCards cards={cards} />);
    expect(list()).toHaveAttribute('data-phase', 'static');
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it('stays a static grid without IntersectionObserver', () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    installMatchMedia(() => false);
    render(<PainCards cards={cards} />);
    expect(list()).toHaveAttribute('data-phase', 'static');
  });

  it('marks the health-clinic cards for the hover highlight only when asked', () => {
    installMatchMedia(() => false);
    const { rerender } = render(<PainCards cards={cards} highlightOnHover />);
    expect(list()).toHaveClass('pain-cards--highlight');
    rerender(<PainCards cards={cards} />);
    expect(list()).not.toHaveClass('pain-cards--highlight');
  });
});
