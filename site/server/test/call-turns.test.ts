// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { callTurns, MAX_TURN_CHARS, MAX_TURNS } from '../call-turns.ts';

describe('callTurns (artifact.messages → timed turns)', () => {
  it('keeps the spoken turns with their times; system prompts and tool calls are not spoken', () => {
    const t0 = 1_763_632_800_000;
    expect(
      callTurns([
        { role: 'system', message: 'You are a receptionist.', time: t0, secondsFromStart: 0 },
        {
          role: 'bot',
          message: ' Good morning! ',
          time: t0 + 500,
          endTime: t0 + 2_750,
          secondsFromStart: 0.5,
        },
        { role: 'tool_calls', toolCalls: [], time: t0 + 2_800, secondsFromStart: 2.8 },
        // No endTime: it lasts until the next turn starts.
        { role: 'user', message: 'Hi, a check-up please.', time: t0 + 3_000, secondsFromStart: 3 },
        { role: 'assistant', message: 'Thursday at ten?', time: t0 + 6_000, secondsFromStart: 6 },
      ]),
    ).toEqual([
      { speaker: 'Receptionist', text: 'Good morning!', start: 0.5, end: 2.75 },
      { speaker: 'Caller', text: 'Hi, a check-up please.', start: 3, end: 6 },
      // The last turn without an end gets a few seconds.
      { speaker: 'Receptionist', text: 'Thursday at ten?', start: 6, end: 11 },
    ]);
  });

  it('skips what it cannot read and orders by start, never ending before it starts', () => {
    expect(
      callTurns([
        null,
        'text',
        { role: 'user', message: 'later', secondsFromStart: 9, time: 10, endTime: 5 },
        { role: 'user', message: '', secondsFromStart: 1 },
        { role: 'user', message: 'no time' },
        { role: 'user', message: 'bad time', secondsFromStart: -1 },
        { role: 'user', message: 'NaN', secondsFromStart: Number.NaN },
        { role: 'hacker', message: 'who?', secondsFromStart: 2 },
        { role: 'bot', message: 'first', secondsFromStart: 4 },
      ]),
    ).toEqual([
      { speaker: 'Receptionist', text: 'first', start: 4, end: 9 },
      { speaker: 'Caller', text: 'later', start: 9, end: 14 },
    ]);
    expect(callTurns(undefined)).toEqual([]);
    expect(callTurns({ length: 3 })).toEqual([]);
  });

  it('caps a hostile report: the number of turns and the length of each', () => {
    const many = Array.from({ length: MAX_TURNS + 50 }, (_, i) => ({
      role: 'user',
      message: 'x'.repeat(MAX_TURN_CHARS + 10),
      secondsFromStart: i,
    }));
    const turns = callTurns(many);
    expect(turns).toHaveLength(MAX_TURNS);
    expect(turns[0]!.text).toHaveLength(MAX_TURN_CHARS);
  });
});
