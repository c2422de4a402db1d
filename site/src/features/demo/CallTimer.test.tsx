import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallTimer, formatDuration } from './CallTimer.tsx';

const START = Date.parse('2026-01-05T10:00:00.000Z');
const shows = (text: string) => expect(screen.getByRole('timer')).toHaveAccessibleName(`Call time ${text}`);

afterEach(() => {
  vi.useRealTimers();
});

describe('CallTimer', () => {
  it('formats minutes and two-digit seconds', () => {
    expect([0, 5, 65, 600, 3599].map(formatDuration)).toEqual(['0:00', '0:05', '1:05', '10:00', '59:59']);
  });

  it("turns over on the call's own seconds, even when it mounts part-way into one", async () => {
    // Its chunk loads after the call went live: here it mounts 0.9 s into the first second.
    vi.useFakeTimers({ now: START + 900 });
    render(<CallTimer since={new Date(START).toISOString()} />);
    shows('0:00');
    await act(() => vi.advanceTimersByTimeAsync(99));
    shows('0:00');
    await act(() => vi.advanceTimersByTimeAsync(1));
    shows('0:01');
    await act(() => vi.advanceTimersByTimeAsync(999));
    shows('0:01');
    await act(() => vi.advanceTimersByTimeAsync(1));
    shows('0:02');
    await act(() => vi.advanceTimersByTimeAsync(63_000));
    shows('1:05');
  });

  it('reads 0:00 before the call began (a clock behind the one that stamped it) and stops when unmounted', async () => {
    vi.useFakeTimers({ now: START - 2_500 });
    const { unmount } = render(<CallTimer since={new Date(START).toISOString()} />);
    shows('0:00');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    shows('0:00');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    shows('0:01');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
