import { sessionIdOf, type AccountUser, type Sessions } from '@voxdesk/auth';
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { isHttps } from './client-info.ts';

/** Over https the `__Host-` prefix: Secure, Path=/, no Domain, so a sibling subdomain cannot plant one. */
export const SESSION_COOKIE_HTTPS = '__Host-voxdesk_session';
/** Plain http (loopback development), where a `__Host-` cookie would be refused by the browser. */
export const SESSION_COOKIE_HTTP = 'voxdesk_session';
export const TWO_SESSION_COOKIES =
  'The request carries two session cookies. Clear the cookies of this site and log in again.';

export interface SessionOptions {
  secret: string;
  trustProxy: boolean;
  sessions: Sessions;
}

// One set of attributes for setting and clearing (a clear with another Path would miss the
// cookie). Over https Hono writes and reads `__Host-voxdesk_session` from the base name with
// `prefix: 'host'` (and then requires Secure and Path=/).
const cookieAttributes = (c: Context, options: SessionOptions): CookieOptions =>
  isHttps(c, options.trustProxy)
    ? { path: '/', httpOnly: true, sameSite: 'Lax', secure: true, prefix: 'host' }
    : { path: '/', httpOnly: true, sameSite: 'Lax', secure: false };

/** True when the Cookie header names a session cookie more than once (either name). */
export function hasTwoSessionCookies(c: Context): boolean {
  const header = c.req.header('cookie');
  if (!header) return false;
  let seen = 0;
  for (const part of header.split(';')) {
    const name = part.split('=', 1)[0]!.trim();
    if (name === SESSION_COOKIE_HTTP || name === SESSION_COOKIE_HTTPS) seen++;
  }
  return seen > 1;
}

/** Creates a server-side session and sets its signed, HttpOnly, SameSite=Lax cookie. */
export async function startSession(c: Context, user: AccountUser, options: SessionOptions): Promise<void> {
  const { token } = await options.sessions.start(user.id, user);
  await setSignedCookie(c, SESSION_COOKIE_HTTP, token, options.secret, {
    ...cookieAttributes(c, options),
    // The cookie never outlives the server-side session's absolute lifetime.
    maxAge: Math.floor(options.sessions.policy.absoluteMs / 1000),
  }).catch(async (error: unknown) => {
    await options.sessions.end(token);
    throw error;
  });
}

async function tokenOf(c: Context, options: SessionOptions): Promise<string | undefined> {
  const prefix = isHttps(c, options.trustProxy) ? 'host' : undefined;
  const raw = await getSignedCookie(c, options.secret, SESSION_COOKIE_HTTP, prefix);
  return typeof raw === 'string' && raw ? raw : undefined;
}

/** The signed-in user of the request's session cookie, if the session is live. */
export async function readSession(c: Context, options: SessionOptions): Promise<AccountUser | undefined> {
  const token = await tokenOf(c, options);
  return token ? (await options.sessions.resolve(token))?.user : undefined;
}

/** The stored id of the request's session (a hash of its token), to throttle per session. */
export async function sessionIdOfRequest(c: Context, options: SessionOptions): Promise<string | undefined> {
  const token = await tokenOf(c, options);
  return token ? sessionIdOf(token) : undefined;
}

/** Deletes the server-side session (so a kept copy of the cookie stops working) and clears the cookie. */
export async function endSession(c: Context, options: SessionOptions): Promise<void> {
  const token = await tokenOf(c, options);
  if (token) await options.sessions.end(token);
  deleteCookie(c, SESSION_COOKIE_HTTP, cookieAttributes(c, options));
}
