import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiErrorBody, SessionBody } from '../../contract/api-types.ts';
import { currentUser, ipOf, NOT_LOGGED_IN, requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { GateFullError } from '../hash-gate.ts';
import { jsonInput } from '../route-input.ts';
import { endSession, sessionIdOfRequest, startSession } from '../session.ts';
import type { AttemptTicket, LoginThrottle } from '../throttle.ts';
import { emailField, newPasswordField, passwordField } from './fields.ts';

const loginSchema = z.object({ email: emailField, password: passwordField });
const changeSchema = z.object({ currentPassword: passwordField, newPassword: newPasswordField });

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inMinutes = (seconds: number) => {
  const n = minutes(seconds);
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/**
 * Runs one reserved password check and settles the throttle by its outcome: a success and a
 * check that never ran (hash queue full: 503; a store error) do not count as failures.
 */
async function settled<T>(
  throttle: LoginThrottle,
  ticket: AttemptTicket,
  check: () => Promise<T>,
  succeeded: (result: T) => boolean,
): Promise<{ result: T } | { busy: GateFullError }> {
  let result: T;
  try {
    result = await check();
  } catch (error) {
    await throttle.notChecked(ticket, error instanceof GateFullError ? 'busy' : 'failed').catch(() => {});
    if (error instanceof GateFullError) return { busy: error };
    throw error;
  }
  if (succeeded(result)) await throttle.succeeded(ticket);
  return { result };
}

function busy(c: Context, error: GateFullError) {
  c.header('Retry-After', String(error.retryAfterSeconds));
  return c.json<ApiErrorBody, 503>({ error: error.message }, 503);
}

/** POST/GET/DELETE /api/session: log in, who am I, log out; POST /api/session/password: change it. */
export function sessionRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .post('/', jsonInput(loginSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      // Counted before the password is checked: parallel guesses cannot all pass.
      const reservation = await deps.throttle.reserve(ipOf(c, deps), email);
      if (!reservation.allowed) {
        c.header('Retry-After', String(reservation.retryAfterSeconds));
        return c.json<ApiErrorBody, 429>(
          {
            error: `Too many failed login attempts. Try again in ${inMinutes(reservation.retryAfterSeconds)}.`,
          },
          429,
        );
      }
      if (reservation.delayMs > 0) await sleep(reservation.delayMs);
      const outcome = await settled(
        deps.throttle,
        reservation.ticket,
        () =>
          deps.accounts.authenticate(email, password, (check) =>
            deps.hashGate.run(reservation.ipAttempts, check, `account:${email}`),
          ),
        (result) => result.ok,
      );
      if ('busy' in outcome) return busy(c, outcome.busy);
      const { result } = outcome;
      if (!result.ok) return c.json<ApiErrorBody, 401>({ error: result.error }, 401);
      await startSession(c, result.user, deps.session);
      return c.json<SessionBody, 200>({ user: result.user }, 200);
    })
    .get('/', async (c) => {
      const user = await currentUser(c, deps);
      return user
        ? c.json<SessionBody, 200>({ user }, 200)
        : c.json<ApiErrorBody, 401>({ error: NOT_LOGGED_IN }, 401);
    })
    .delete('/', async (c) => {
      await endSession(c, deps.session);
      return c.body(null, 204);
    })
    .post('/password', requireUser(deps, undefined, 'allowed'), jsonInput(changeSchema), async (c) => {
      const user = c.get('user');
      const { currentPassword, newPassword } = c.req.valid('json');
      // Throttled like a login, per (account, session) and per address: a hijacked session
      // cannot guess the current password without limit.
      const session = (await sessionIdOfRequest(c, deps.session)) ?? 'none';
      const reservation = await deps.throttle.reserve(ipOf(c, deps), user.email, session);
      if (!reservation.allowed) {
        c.header('Retry-After', String(reservation.retryAfterSeconds));
        return c.json<ApiErrorBody, 429>(
          {
            error: `Too many wrong current passwords. Try again in ${inMinutes(reservation.retryAfterSeconds)}.`,
            field: 'currentPassword',
          },
          429,
        );
      }
      if (reservation.delayMs > 0) await sleep(reservation.delayMs);
      // The same place in the hash queue as a login of this account: no better.
      const outcome = await settled(
        deps.throttle,
        reservation.ticket,
        () =>
          deps.hashGate.run(
            reservation.ipAttempts,
            () => deps.accounts.changePassword(user.id, currentPassword, newPassword),
            `account:${user.email}`,
          ),
        (result) => result.ok,
      );
      if ('busy' in outcome) return busy(c, outcome.busy);
      const { result } = outcome;
      if (!result.ok) {
        return c.json<ApiErrorBody, 400>({ error: result.error, field: 'currentPassword' }, 400);
      }
      // Every session of the user ended (other browsers too); this browser gets a fresh one.
      const { mustChangePassword: _, ...changed } = user;
      await startSession(c, changed, deps.session);
      return c.json<SessionBody, 200>({ user: changed }, 200);
    });
}
