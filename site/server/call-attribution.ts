import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReceptionistId } from '../contract/api-types.ts';
import { RECEPTIONISTS } from './routes/config.ts';

/**
 * Who made a demo call. The browser passes it to Vapi as call metadata, so it could forge it;
 * the server therefore signs it (HMAC-SHA256, keyed from the session secret with a purpose
 * prefix of its own) with a short expiry, and the webhook trusts only a signature that checks.
 */
export interface Attribution {
  clientId: string;
  receptionist: ReceptionistId;
  preview: boolean;
  /** ms since the epoch: the call must start before this. */
  expiresAt: number;
}

/** Long enough to load the SDK, ask for the microphone and join; short enough not to be reused later. */
export const ATTRIBUTION_TTL_MS = 5 * 60_000;
/** The metadata key the token travels under (Vapi echoes call metadata in its server messages). */
export const ATTRIBUTION_METADATA_KEY = 'voxdeskAttribution';

// A purpose prefix, so an attribution can never be confused with a session cookie or a form token.
const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`demo-call-attribution:${payload}`).digest('base64url');

export function signAttribution(secret: string, attribution: Attribution): string {
  const payload = Buffer.from(
    JSON.stringify({
      c: attribution.clientId,
      r: attribution.receptionist,
      p: attribution.preview ? 1 : 0,
      e: attribution.expiresAt,
    }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/**
 * The attribution in `token` when its signature checks and it had not expired at `at` (for a
 * live call, when Vapi says the call started, so a report arriving after a long call still
 * counts); otherwise undefined.
 */
export function verifyAttribution(secret: string, token: unknown, at: number): Attribution | undefined {
  if (typeof token !== 'string' || token.length > 1024) return undefined;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const expected = Buffer.from(sign(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { c, r, p, e } = (body ?? {}) as Record<string, unknown>;
  if (typeof c !== 'string' || !c || typeof e !== 'number' || (p !== 0 && p !== 1)) return undefined;
  if (!(RECEPTIONISTS as readonly unknown[]).includes(r)) return undefined;
  if (at > e) return undefined;
  return { clientId: c, receptionist: r as ReceptionistId, preview: p === 1, expiresAt: e };
}
