import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The lead form's minimum fill time, without a third-party captcha: the server issues a
 * signed timestamp with the form and refuses a post that comes back sooner than a person
 * fills it in, or much later (a token copied once and replayed by a script for days).
 */
export interface FormTokenPolicy {
  /** Fastest plausible fill-in by a person. */
  minFillMs: number;
  /** How long a token stays usable (a tab left open over lunch still works). */
  maxAgeMs: number;
}

export const DEFAULT_FORM_TOKEN_POLICY: FormTokenPolicy = { minFillMs: 3_000, maxAgeMs: 24 * 60 * 60_000 };

export type TokenCheck =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' }
  | { ok: false; reason: 'too-fast'; waitMs: number };

// A purpose prefix, so a form token can never be confused with a signed session cookie.
const sign = (secret: string, issuedAt: number, nonce: string) =>
  createHmac('sha256', secret).update(`lead-form:${issuedAt}:${nonce}`).digest('base64url');

/**
 * A random nonce makes every token unique: tokens are single use, and two visitors served in
 * the same millisecond (on one instance or two sharing the secret) must not share one.
 */
export function issueFormToken(secret: string, now: number): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${now}.${nonce}.${sign(secret, now, nonce)}`;
}

export function checkFormToken(
  secret: string,
  token: string | undefined,
  now: number,
  policy: FormTokenPolicy,
): TokenCheck {
  if (!token) return { ok: false, reason: 'missing' };
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, issuedAt, match[2]!));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid' };
  }
  const age = now - issuedAt;
  if (age > policy.maxAgeMs || age < -60_000) return { ok: false, reason: 'expired' };
  if (age < policy.minFillMs) return { ok: false, reason: 'too-fast', waitMs: policy.minFillMs - age };
  return { ok: true };
}
