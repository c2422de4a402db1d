// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { signAttribution, verifyAttribution, type Attribution } from '../call-attribution.ts';

const secret = 'a-session-secret-of-at-least-32-characters';
const attribution: Attribution = {
  clientId: 'user_carl',
  receptionist: 'law-firms',
  preview: false,
  expiresAt: 1_000_000,
};

describe('call attribution', () => {
  it('verifies what it signed, until its expiry', () => {
    const token = signAttribution(secret, attribution);
    expect(verifyAttribution(secret, token, 999_999)).toEqual(attribution);
    expect(verifyAttribution(secret, token, 1_000_000)).toEqual(attribution);
    expect(verifyAttribution(secret, token, 1_000_001)).toBeUndefined();
  });

  it('refuses another secret, a changed payload, a changed signature and junk', () => {
    const token = signAttribution(secret, attribution);
    expect(verifyAttribution('another-secret-of-at-least-32-characters!', token, 0)).toBeUndefined();
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ c: 'user_dana', r: 'law-firms', p: 0, e: 1_000_000 }),
    ).toString('base64url');
    expect(verifyAttribution(secret, `${forged}.${signature}`, 0)).toBeUndefined();
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyAttribution(secret, flipped, 0)).toBeUndefined();
    for (const junk of [undefined, null, 42, '', 'a.b', `${payload}.`, 'x'.repeat(5000), { token }])
      expect(verifyAttribution(secret, junk, 0)).toBeUndefined();
  });

  it('refuses a signed payload naming an unknown receptionist', () => {
    const token = signAttribution(secret, { ...attribution, receptionist: 'dentists' as never });
    expect(verifyAttribution(secret, token, 0)).toBeUndefined();
  });
});
