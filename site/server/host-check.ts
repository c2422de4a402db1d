import type { MiddlewareHandler } from 'hono';
import { isIP } from 'node:net';

export const HOST_REFUSED =
  'This server answers only for its own address (SITE_URL). Check the address you typed.';

/** 'Example.com:8080' → 'example.com'; '[::1]:3000' → '::1'. */
function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'));
  return trimmed.replace(/:\d*$/, '').replace(/\.$/, '');
}

/**
 * The Host allow-list, from the one site URL setting (DNS rebinding: a page on a hostile name
 * that resolves to this server must not read it). Names must be the site URL's host; loopback
 * names and IP literals (which no DNS answer can stand for) are always allowed, so `npm start`
 * on 127.0.0.1 and a health check by address keep working.
 */
export function hostCheck(options: { siteUrl: string; trustProxy: boolean }): MiddlewareHandler {
  const allowed = new Set(['localhost', new URL(options.siteUrl).hostname.toLowerCase()]);
  const isAllowed = (host: string) => {
    const name = hostnameOf(host);
    return allowed.has(name) || name.endsWith('.localhost') || isIP(name) !== 0;
  };
  return async (c, next) => {
    const forwarded = options.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0] : undefined;
    const host = forwarded ?? c.req.header('host');
    if (!host || !isAllowed(host)) return c.text(HOST_REFUSED, 421);
    return next();
  };
}
