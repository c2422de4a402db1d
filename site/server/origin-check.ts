import type { MiddlewareHandler } from 'hono';
import { siteOrigin } from './client-info.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const ORIGIN_REFUSED =
  'Request refused: it did not come from this site (the Origin header is missing or names another site).';

/**
 * Cross-site request forgery guard for state-changing requests: the browser's Origin header
 * must name this site. Browsers always send Origin on POST and DELETE; scripts must too.
 */
export function originCheck(options: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (!origin || origin !== siteOrigin(c, options.trustProxy)) {
      return c.json({ error: ORIGIN_REFUSED }, 403);
    }
    return next();
  };
}
