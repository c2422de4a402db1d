// @vitest-environment node
import type { ServerMessageEndOfCallReport } from '@voxdesk/sdk/webhooks';
import { describe, expect, it } from 'vitest';
import { secondsBetween, toCallReport } from '../call-report.ts';

const message = (fields: Record<string, unknown>) =>
  ({ type: 'end-of-call-report', ...fields }) as unknown as ServerMessageEndOfCallReport;

describe('toCallReport', () => {
  it('keeps the timed turns of artifact.messages, so the call can be published with its transcript', () => {
    const stored = toCallReport(
      message({
        call: { id: 'call-t' },
        artifact: {
          transcript: 'AI: Hello',
          messages: [{ role: 'bot', message: 'Hello', secondsFromStart: 0.4, time: 1_000, endTime: 2_000 }],
        },
      }),
      1,
    );
    expect(stored?.turns).toEqual([{ speaker: 'Receptionist', text: 'Hello', start: 0.4, end: 1.4 }]);
  });

  it('reads the fields Vapi sends today', () => {
    expect(
      toCallReport(
        message({
          call: { id: 'call-1', assistantId: 'asst_demo' },
          startedAt: '2026-11-20T10:00:00.000Z',
          endedAt: '2026-11-20T10:01:35.000Z',
          durationSeconds: 95.4,
          endedReason: 'assistant-ended-call',
          cost: 0.0731,
          analysis: { summary: 'Booked.' },
          artifact: { transcript: 'AI: Hi' },
        }),
        42,
      ),
    ).toEqual({
      callId: 'call-1',
      assistantId: 'asst_demo',
      startedAt: '2026-11-20T10:00:00.000Z',
      endedAt: '2026-11-20T10:01:35.000Z',
      durationSeconds: 95.4,
      endedReason: 'assistant-ended-call',
      cost: 0.0731,
      summary: 'Booked.',
      transcript: 'AI: Hi',
      recordingUrl: null,
      clientId: null,
      receptionist: null,
      preview: false,
      receivedAt: 42,
    });
  });

  it('falls back to the call object, older top-level fields and a computed duration', () => {
    expect(
      toCallReport(
        message({
          call: {
            id: 'call-2',
            startedAt: '2026-11-20T10:00:00.000Z',
            endedAt: '2026-11-20T10:02:05.400Z',
            cost: 1.5,
          },
          endedReason: 'customer-ended-call',
          summary: 'Old-style summary',
          transcript: 'User: old-style transcript',
          analysis: {},
          artifact: {},
        }),
        1,
      ),
    ).toMatchObject({
      assistantId: null,
      durationSeconds: 125,
      cost: 1.5,
      summary: 'Old-style summary',
      transcript: 'User: old-style transcript',
    });
  });

  it('turns odd shapes into nulls instead of storing them, and skips a report without a call id', () => {
    expect(
      toCallReport(
        message({
          call: { id: 'call-3', assistantId: 7 },
          startedAt: 12,
          endedAt: { when: 'later' },
          durationSeconds: -4,
          endedReason: ['x'],
          cost: Number.NaN,
          analysis: { summary: { text: 'nested' } },
          artifact: { transcript: null },
        }),
        1,
      ),
    ).toEqual({
      callId: 'call-3',
      assistantId: null,
      startedAt: null,
      endedAt: null,
      durationSeconds: null,
      endedReason: null,
      cost: null,
      summary: null,
      transcript: '',
      recordingUrl: null,
      clientId: null,
      receptionist: null,
      preview: false,
      receivedAt: 1,
    });
    expect(toCallReport(message({ call: { id: '' } }), 1)).toBeUndefined();
    expect(toCallReport(message({}), 1)).toBeUndefined();
  });
});

describe('secondsBetween', () => {
  it('is whole seconds, never negative, null when unreadable', () => {
    expect(secondsBetween('2026-11-20T10:00:00Z', '2026-11-20T10:00:01.600Z')).toBe(2);
    expect(secondsBetween('2026-11-20T10:00:05Z', '2026-11-20T10:00:00Z')).toBe(0);
    expect(secondsBetween('yesterday', '2026-11-20T10:00:00Z')).toBeNull();
    expect(secondsBetween(null, '2026-11-20T10:00:00Z')).toBeNull();
  });
});
