import type { Accounts, PublicUser } from '@voxdesk/auth';
import type { Context, MiddlewareHandler } from 'hono';
import { clientIp } from './client-info.ts';
import { readSession, type SessionOptions } from './session.ts';
import type { LoginThrottle } from './throttle.ts';

/** What the API routes share. */
export interface ApiDeps {
  accounts: Accounts;
  session: SessionOptions;
  throttle: LoginThrottle;
  trustProxy: boolean;
}

export type ApiEnv = { Variables: { user: PublicUser } };

export const NOT_LOGGED_IN = 'Not logged in';
export const ADMINS_ONLY = 'Only Admin accounts can manage clients.';

/** The signed-in user, re-read from the store so deleted or demoted users lose access at once. */
export async function currentUser(c: Context, deps: ApiDeps): Promise<PublicUser | undefined> {
  const claims = await readSession(c, deps.session);
  return claims ? deps.accounts.refresh(claims) : undefined;
}

export function requireUser(deps: ApiDeps, role?: 'Admin'): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const user = await currentUser(c, deps);
    if (!user) return c.json({ error: NOT_LOGGED_IN }, 401);
    if (role && user.role !== role) return c.json({ error: ADMINS_ONLY }, 403);
    c.set('user', user);
    return next();
  };
}

export const ipOf = (c: Context, deps: ApiDeps) => clientIp(c, deps.trustProxy);
