import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IOStreams } from '../src/factory.ts';
import { SPINNER_DELAY_MS, withSpinner } from '../src/output/spinner.ts';

function io(tty: boolean): IOStreams & { written: () => string } {
  const stderr = new PassThrough();
  let text = '';
  stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr,
    isStdinTTY: tty,
    isStdoutTTY: tty,
    isStderrTTY: tty,
    colorEnabled: false,
    terminalWidth: 80,
    written: () => text,
  };
}

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('spinner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays silent for answers under 300 ms', async () => {
    const streams = io(true);
    const result = withSpinner(streams, 'Fetching', () => later(SPINNER_DELAY_MS - 1, 'done'));
    await vi.advanceTimersByTimeAsync(SPINNER_DELAY_MS - 1);
    expect(await result).toBe('done');
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams.written()).toBe('');
  });

  it('spins on stderr after 300 ms on a terminal and clears its line', async () => {
    const streams = io(true);
    const result = withSpinner(streams, 'Fetching assistants', () => later(1000, 'done'));
    await vi.advanceTimersByTimeAsync(SPINNER_DELAY_MS);
    expect(streams.written()).toBe('\r⠋ Fetching assistants');
    await vi.advanceTimersByTimeAsync(700);
    expect(await result).toBe('done');
    expect(streams.written()).toContain('\r⠙ Fetching assistants');
    expect(streams.written().endsWith('\r\u001b[2K')).toBe(true);
    const frames = streams.written().length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams.written().length).toBe(frames);
  });

  it('never spins when stderr is not a terminal', async () => {
    const streams = io(false);
    const result = withSpinner(streams, 'Fetching', () => later(5000, 'done'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toBe('done');
    expect(streams.written()).toBe('');
  });

  it('clears the line when the work fails', async () => {
    const streams = io(true);
    const result = withSpinner(streams, 'Fetching', () =>
      later(500, 0).then(() => Promise.reject(new Error('boom'))),
    );
    const settled = expect(result).rejects.toThrow('boom');
    await vi.advanceTimersByTimeAsync(500);
    await settled;
    expect(streams.written().endsWith('\r\u001b[2K')).toBe(true);
  });
});
