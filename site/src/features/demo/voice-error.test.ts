import { describe, expect, it } from 'vitest';
import {
  classifyVoiceError,
  describeVoiceError,
  isMicrophoneDenied,
  MICROPHONE_DENIED_MESSAGE,
  VOICE_SERVICE_UNREACHABLE_MESSAGE,
} from './voice-error.ts';

describe('describeVoiceError', () => {
  it.each([
    ['a plain string', 'Meeting ended', 'Meeting ended'],
    ['an Error', new Error('socket closed'), 'socket closed'],
    [
      'the SDK payload',
      { type: 'daily-error', error: { message: 'Meeting has ended' } },
      'Meeting has ended',
    ],
    [
      'a parsed HTTP body as message',
      {
        type: 'start-method-error',
        error: { message: { message: ['assistantId must be a UUID'], statusCode: 400 } },
      },
      'assistantId must be a UUID',
    ],
    ['Daily errorMsg', { error: { errorMsg: { errorMsg: 'Meeting is full' } } }, 'Meeting is full'],
    ['nothing useful', { type: 'weird', error: {} }, 'Unknown error'],
    ['undefined', undefined, 'Unknown error'],
  ])('reads %s', (_case, payload, expected) => {
    expect(describeVoiceError(payload)).toBe(expected);
  });

  it.each([
    ['NotAllowedError', { error: { name: 'NotAllowedError', message: 'Permission denied' } }],
    [
      'a Daily camera-error',
      { type: 'camera-error', error: { error: { type: 'permissions', blockedBy: 'user' } } },
    ],
    ['a DOMException', new DOMException('Permission denied by system', 'NotAllowedError')],
  ])('recognises a denied microphone from %s', (_case, payload) => {
    expect(isMicrophoneDenied(payload)).toBe(true);
    expect(describeVoiceError(payload)).toBe(MICROPHONE_DENIED_MESSAGE);
  });

  it('does not mistake a refused meeting for a refused microphone', () => {
    expect(isMicrophoneDenied({ error: { type: 'not-allowed', message: 'Meeting is not allowed' } })).toBe(
      false,
    );
  });

  it('explains a voice service that cannot be reached (what Chromium reports as "Failed to fetch")', () => {
    const payload = { type: 'start-method-error', error: { message: 'Failed to fetch', name: 'TypeError' } };
    expect(describeVoiceError(payload)).toBe(VOICE_SERVICE_UNREACHABLE_MESSAGE);
  });
});

describe('classifyVoiceError', () => {
  it.each([
    [new DOMException('Permission denied', 'NotAllowedError'), 'mic-denied'],
    [{ type: 'camera-error', error: { type: 'permissions' } }, 'mic-denied'],
    [new DOMException('Requested device not found', 'NotFoundError'), 'no-mic'],
    [new DOMException('Could not start audio source', 'NotReadableError'), 'no-mic'],
    [{ error: { type: 'not-found', msg: 'no devices' } }, 'no-mic'],
    [new TypeError('Failed to fetch'), 'network'],
    [{ error: { message: 'Invalid Key' } }, 'other'],
  ] as const)('%s → %s', (payload, kind) => {
    expect(classifyVoiceError(payload)).toBe(kind);
  });
});
