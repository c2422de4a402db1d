import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's IP: the socket's address, or, behind a trusted proxy (TRUST_PROXY), the
 * right-most X-Forwarded-For entry: the address our proxy saw. Entries left of it come
 * from the client and could be forged to dodge the login throttle.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

/** True when the visitor reached us over https (directly, or through a trusted proxy). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

/** The origin the visitor sees for this site (scheme + host), for the same-origin check. */
export function siteOrigin(c: Context, trustProxy: boolean): string | undefined {
  const forwardedHost = trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = forwardedHost ?? c.req.header('host');
  if (!host) return undefined;
  return `${isHttps(c, trustProxy) ? 'https' : 'http'}://${host}`;
}
