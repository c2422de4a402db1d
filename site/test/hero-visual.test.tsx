import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heroVisuals } from '../src/content/hero-visuals.ts';
import type { SampleCallMoment } from '../src/content/sample-calls/dialogues.ts';
import { HeroVisual } from '../src/shared/ui/HeroVisual.tsx';

const WAITING = 'hero-visual__card--waiting';

function cards(moments?: ReadonlySet<SampleCallMoment> | null) {
  render(<HeroVisual content={heroVisuals['law-firms']} moments={moments} />);
  return {
    booking: screen.getByTestId('hero-visual-booking'),
    summary: screen.getByTestId('hero-visual-summary'),
  };
}

describe('HeroVisual and the sample call', () => {
  it('shows every card as a still when no call is playing', () => {
    const { booking, summary } = cards();
    expect(booking).not.toHaveClass(WAITING);
    expect(summary).not.toHaveClass(WAITING);
  });

  it('keeps both cards waiting when the call has just started', () => {
    const { booking, summary } = cards(new Set());
    expect(booking).toHaveClass(WAITING);
    expect(summary).toHaveClass(WAITING);
  });

  it('shows the booking card once its cue is reached, the summary still waiting', () => {
    const { booking, summary } = cards(new Set(['booking']));
    expect(booking).not.toHaveClass(WAITING);
    expect(summary).toHaveClass(WAITING);
  });
});
