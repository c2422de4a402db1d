import type { AccountUser, Accounts } from '@voxdesk/auth';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { BlankInput } from 'hono/types';
import type { ApiErrorBody } from '../contract/api-types.ts';
import type { AfterAnswer } from './after-answer.ts';
import { clientIp } from './client-info.ts';
import type { HashGate } from './hash-gate.ts';
import { readSession, type SessionOptions } from './session.ts';
import type { LoginThrottle } from './throttle.ts';

/** What the API routes share. */
export interface ApiDeps {
  accounts: Accounts;
  session: SessionOptions;
  throttle: LoginThrottle;
  hashGate: HashGate;
  trustProxy: boolean;
  /** Work done after the answer (mail that must not delay or shape it); `idle()` waits for it. */
  afterAnswer: AfterAnswer;
}

export type ApiEnv = { Variables: { user: AccountUser } };

export const NOT_LOGGED_IN = 'Not logged in';
export const ADMINS_ONLY = 'Only Admin accounts can manage clients.';
export const CHANGE_PASSWORD_FIRST = 'Change your password before doing anything else.';

/** The signed-in user: the server-side session and the user record (cached a few seconds per instance). */
export function currentUser(c: Context, deps: ApiDeps): Promise<AccountUser | undefined> {
  return readSession(c, deps.session);
}

/**
 * A live session (and the role, when given), put in `c.get('user')`. A temporary password must
 * be changed first: changing it is the one route that passes `temporaryPassword: 'allowed'`.
 */
export function requireUser(
  deps: ApiDeps,
  role?: 'Admin',
  temporaryPassword: 'allowed' | 'refused' = 'refused',
): MiddlewareHandler<ApiEnv, string, BlankInput, Response & TypedResponse<ApiErrorBody, 401 | 403, 'json'>> {
  return async (c, next) => {
    const user = await currentUser(c, deps);
    if (!user) return c.json({ error: NOT_LOGGED_IN }, 401);
    if (user.mustChangePassword && temporaryPassword === 'refused') {
      return c.json({ error: CHANGE_PASSWORD_FIRST }, 403);
    }
    if (role && user.role !== role) return c.json({ error: ADMINS_ONLY }, 403);
    c.set('user', user);
    return next();
  };
}

export const ipOf = (c: Context, deps: ApiDeps) => clientIp(c, deps.trustProxy);
