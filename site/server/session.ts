import type { AccountUser, Sessions } from '@voxdesk/auth';
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
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

const cookieName = (c: Context, options: SessionOptions) =>
  isHttps(c, options.trustProxy) ? SESSION_COOKIE_HTTPS : SESSION_COOKIE_HTTP;

// One set of attributes for setting and clearing (a clear with another Path would miss the cookie).
const cookieAttributes = (c: Context, options: SessionOptions) =>
  ({ path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c, options.trustProxy) }) as const;

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
  // Hono adds the `__Host-` itself from `prefix: 'host'` (and then requires Secure and Path=/).
  await setSignedCookie(c, SESSION_COOKIE_HTTP, token, options.secret, {
    ...cookieAttributes(c, options),
    ...(isHttps(c, options.trustProxy) ? { prefix: 'host' as const } : {}),
    // The cookie never outlives the server-side session's absolute lifetime.
    maxAge: Math.floor(options.sessions.policy.absoluteMs / 1000),
  }).catch(async (error: unknown) => {
    await options.sessions.end(token);
    throw error;
  });
}

async function tokenOf(c: Context, options: SessionOptions): Promise<string | undefined> {
  const name = cookieName(c, options);
  const raw =
    name === SESSION_COOKIE_HTTPS
      ? await getSignedCookie(c, options.secret, 'voxdesk_session', 'host')
      : await getSignedCookie(c, options.secret, name);
  return typeof raw === 'string' && raw ? raw : undefined;
}

/** The signed-in user of the request's session cookie, if the session is live. */
export async function readSession(c: Context, options: SessionOptions): Promise<AccountUser | undefined> {
  const token = await tokenOf(c, options);
  return token ? (await options.sessions.resolve(token))?.user : undefined;
}

/** Deletes the server-side session (so a kept copy of the cookie stops working) and clears the cookie. */
export async function endSession(c: Context, options: SessionOptions): Promise<void> {
  const token = await tokenOf(c, options);
  if (token) await options.sessions.end(token);
  const name = cookieName(c, options);
  deleteCookie(c, name === SESSION_COOKIE_HTTPS ? 'voxdesk_session' : name, {
    ...cookieAttributes(c, options),
    ...(name === SESSION_COOKIE_HTTPS ? { prefix: 'host' as const } : {}),
  });
}
