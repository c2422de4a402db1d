import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CustomCursor } from '../src/app/cursor/CustomCursor.tsx';
import { installMatchMedia } from './render-route.tsx';

interface Conditions {
  fine: boolean;
  reducedMotion: boolean;
}

function setup(width: number, conditions: Conditions) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  return installMatchMedia(
    (query) =>
      (query === '(pointer: fine)' && conditions.fine) ||
      (query === '(prefers-reduced-motion: reduce)' && conditions.reducedMotion),
  );
}

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

const cursor = () => screen.queryByTestId('custom-cursor');

describe('CustomCursor', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows for a fine pointer on a viewport wider than 900 px', () => {
    setup(901, { fine: true, reducedMotion: false });
    render(<CustomCursor />);
    expect(cursor()).toBeInTheDocument();
    expect(cursor()).toHaveAttribute('aria-hidden', 'true');
  });

  it('does not show at exactly 900 px', () => {
    setup(900, { fine: true, reducedMotion: false });
    render(<CustomCursor />);
    expect(cursor()).not.toBeInTheDocument();
  });

  it('never shows for touch (coarse) pointers', () => {
    setup(1400, { fine: false, reducedMotion: false });
    render(<CustomCursor />);
    expect(cursor()).not.toBeInTheDocument();
  });

  it('never shows under reduced motion, and reacts when the preference changes', () => {
    const media = setup(1400, { fine: true, reducedMotion: true });
    render(<CustomCursor />);
    expect(cursor()).not.toBeInTheDocument();
    act(() => media.set((query) => query === '(pointer: fine)'));
    expect(cursor()).toBeInTheDocument();
  });

  it('is re-evaluated on resize', () => {
    setup(1200, { fine: true, reducedMotion: false });
    render(<CustomCursor />);
    expect(cursor()).toBeInTheDocument();
    resizeTo(800);
    expect(cursor()).not.toBeInTheDocument();
    resizeTo(1000);
    expect(cursor()).toBeInTheDocument();
  });

  it('follows the mouse and enlarges over buttons, links and inputs', async () => {
    setup(1200, { fine: true, reducedMotion: false });
    render(
      <>
        <CustomCursor />
        <p>plain text</p>
        <a href="/x">a link</a>
        <button type="button">a button</button>
        <input aria-label="an input" />
      </>,
    );
    const ring = cursor()!;
    fireEvent.mouseMove(window, { clientX: 40, clientY: 60 });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(ring.style.transform).toBe('translate3d(40px, 60px, 0)');
    expect(ring).toHaveClass('cursor--visible');

    for (const target of [
      screen.getByRole('link'),
      screen.getByRole('button'),
      screen.getByRole('textbox'),
    ]) {
      fireEvent.mouseOver(target);
      expect(ring).toHaveClass('cursor--active');
      fireEvent.mouseOver(screen.getByText('plain text'));
      expect(ring).not.toHaveClass('cursor--active');
    }
  });
});
