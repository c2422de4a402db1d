import { describe, expect, it } from 'vitest';
import {
  callReducer,
  callSummary,
  cardState,
  initialCallState,
  STATUS,
  WELCOME_MESSAGE,
  type CallState,
} from './call-state.ts';

const at = '2026-11-21T08:00:00.000Z';

describe('callReducer', () => {
  it('adds the welcome message only once', () => {
    const ready = callReducer(initialCallState, { type: 'setup-ready', at });
    const again = callReducer(ready, { type: 'setup-ready', at });
    expect(again.messages.map((m) => m.content)).toEqual([WELCOME_MESSAGE]);
  });

  it('does not let a late start() answer overwrite call-start', () => {
    let state: CallState = callReducer(initialCallState, { type: 'start-requested' });
    state = callReducer(state, { type: 'call-start', at });
    state = callReducer(state, { type: 'start-returned', call: { id: 'c' } });
    expect(state.status).toBe(STATUS.started);
    expect(state.phase).toBe('live');
  });

  it('reports a start() that returns null without an error event', () => {
    const state = callReducer(callReducer(initialCallState, { type: 'start-requested' }), {
      type: 'start-returned',
      call: null,
    });
    expect(state.status).toBe('Failed to start call: Unknown error');
    expect(state.phase).toBe('idle');
  });

  it('replaces a partial line with its final transcript, keeping the other speaker’s partial', () => {
    let state = callReducer(initialCallState, {
      type: 'transcript',
      role: 'user',
      final: false,
      text: 'Hel',
      at,
    });
    state = callReducer(state, { type: 'transcript', role: 'assistant', final: false, text: 'Hi', at });
    state = callReducer(state, { type: 'transcript', role: 'user', final: true, text: 'Hello', at });
    expect(state.messages.map((m) => [m.role, m.content])).toEqual([['user', 'Hello']]);
    expect(state.partial).toEqual({ role: 'assistant', content: 'Hi' });
  });

  it("uses 'Unknown error' for an empty message and stamps entries with the event time", () => {
    const state = callReducer(initialCallState, { type: 'error', message: '', at });
    expect(state.status).toBe('Error: Unknown error');
    expect(state.messages).toEqual([
      { id: 1, role: 'error', content: 'Error: Unknown error', timestamp: at },
    ]);
  });

  it('derives the call card state through a call, and the summary of the finished call only', () => {
    const t = (ms: number) => new Date(Date.parse('2026-11-23T10:00:00Z') + ms).toISOString();
    let state = callReducer(initialCallState, { type: 'setup-ready', at: t(0) });
    expect(cardState(state)).toBe('ready');
    state = callReducer(state, { type: 'start-requested' });
    expect(cardState(state)).toBe('connecting');
    state = callReducer(state, { type: 'call-start', at: t(1_000) });
    expect(cardState(state)).toBe('live');
    expect(state.liveSince).toBe(t(1_000));
    state = callReducer(state, { type: 'transcript', role: 'user', final: true, text: 'Hi', at: t(2_000) });
    state = callReducer(state, { type: 'assistant-message', text: 'Hello!', at: t(3_000) });
    state = callReducer(state, { type: 'stop-requested' });
    expect(cardState(state)).toBe('ending');
    expect(callSummary(state)).toBeUndefined();
    state = callReducer(state, { type: 'call-end', at: t(95_000) });
    expect(cardState(state)).toBe('ended');
    expect(callSummary(state)).toEqual({
      durationSeconds: 94,
      callerTurns: 1,
      assistantTurns: 1,
      lastAssistantLine: 'Hello!',
    });
    // A second call that fails to start: failed, with its kind, and no summary.
    state = callReducer(state, { type: 'start-requested' });
    expect(state.failure).toBeUndefined();
    state = callReducer(state, {
      type: 'error',
      message: 'Permission denied',
      kind: 'mic-denied',
      at: t(99_000),
    });
    expect(cardState(state)).toBe('failed');
    expect(state.failure).toEqual({ kind: 'mic-denied', message: 'Permission denied' });
    expect(callSummary(state)).toBeUndefined();
  });
});
