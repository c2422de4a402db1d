import type { PublicUser } from '@voxdesk/auth';
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { isHttps } from './client-info.ts';

export const SESSION_COOKIE = 'voxdesk_session';
/** A working day; the browser drops the cookie then, and the server refuses it after. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

export interface SessionClaims {
  id: string;
  email: string;
  /** Expiry, seconds since the epoch: the signed value carries it so a kept cookie dies too. */
  exp: number;
}

export interface SessionOptions {
  secret: string;
  trustProxy: boolean;
  now?: () => number;
}

const nowSeconds = (options: SessionOptions) => Math.floor((options.now?.() ?? Date.now()) / 1000);

// One set of attributes for setting and clearing (a clear with another Path would miss the cookie).
const cookieAttributes = (c: Context, options: SessionOptions) =>
  ({ path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c, options.trustProxy) }) as const;

/** Sets the signed, HttpOnly, SameSite=Lax session cookie (Secure over https). */
export async function startSession(c: Context, user: PublicUser, options: SessionOptions): Promise<void> {
  const claims: SessionClaims = {
    id: user.id,
    email: user.email,
    exp: nowSeconds(options) + SESSION_TTL_SECONDS,
  };
  const value = Buffer.from(JSON.stringify(claims)).toString('base64url');
  await setSignedCookie(c, SESSION_COOKIE, value, options.secret, {
    ...cookieAttributes(c, options),
    maxAge: SESSION_TTL_SECONDS,
  });
}

/** The verified, unexpired claims of the request's session cookie, if any. */
export async function readSession(c: Context, options: SessionOptions): Promise<SessionClaims | undefined> {
  const value = await getSignedCookie(c, options.secret, SESSION_COOKIE);
  if (!value) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<SessionClaims>;
    if (typeof claims.id !== 'string' || typeof claims.email !== 'string' || typeof claims.exp !== 'number') {
      return undefined;
    }
    return claims.exp > nowSeconds(options) ? (claims as SessionClaims) : undefined;
  } catch {
    return undefined;
  }
}

export function endSession(c: Context, options: SessionOptions): void {
  deleteCookie(c, SESSION_COOKIE, cookieAttributes(c, options));
}
