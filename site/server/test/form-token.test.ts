// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkFormToken, DEFAULT_FORM_TOKEN_POLICY, issueFormToken } from '../form-token.ts';

const secret = 'form-token-test-secret-0123456789abcdef';
const policy = DEFAULT_FORM_TOKEN_POLICY;

describe('lead form tokens', () => {
  it('are unique even when issued in the same millisecond (they are single use)', () => {
    const now = 1_780_000_000_000;
    const tokens = new Set(Array.from({ length: 50 }, () => issueFormToken(secret, now)));
    expect(tokens.size).toBe(50);
    for (const token of tokens)
      expect(checkFormToken(secret, token, now + 5_000, policy)).toEqual({ ok: true });
  });

  it('refuse a changed nonce, time or signature, another secret, and the old two-part form', () => {
    const now = 1_780_000_000_000;
    const token = issueFormToken(secret, now);
    const [time, nonce, signature] = token.split('.') as [string, string, string];
    const later = now + 5_000;
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(checkFormToken(secret, `${time}.${flip(nonce)}.${signature}`, later, policy).ok).toBe(false);
    expect(checkFormToken(secret, `${Number(time) - 1}.${nonce}.${signature}`, later, policy).ok).toBe(false);
    expect(checkFormToken(secret, `${time}.${nonce}.${flip(signature)}`, later, policy).ok).toBe(false);
    expect(checkFormToken(`${secret}-other`, token, later, policy).ok).toBe(false);
    expect(checkFormToken(secret, `${time}.${signature}`, later, policy)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('are too fast before the minimum fill time and expired after the maximum age', () => {
    const now = 1_780_000_000_000;
    const token = issueFormToken(secret, now);
    expect(checkFormToken(secret, token, now + 1_000, policy)).toEqual({
      ok: false,
      reason: 'too-fast',
      waitMs: 2_000,
    });
    expect(checkFormToken(secret, token, now + policy.maxAgeMs + 1, policy)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
