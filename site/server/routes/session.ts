import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiErrorBody, SessionBody } from '../../src/shared/api-types.ts';
import { currentUser, ipOf, NOT_LOGGED_IN, requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { GateFullError } from '../hash-gate.ts';
import { jsonInput } from '../route-input.ts';
import { endSession, startSession } from '../session.ts';
import { emailField, newPasswordField, passwordField } from './fields.ts';

const loginSchema = z.object({ email: emailField, password: passwordField });
const changeSchema = z.object({ currentPassword: passwordField, newPassword: newPasswordField });

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST/GET/DELETE /api/session: log in, who am I, log out; POST /api/session/password: change it. */
export function sessionRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .post('/', jsonInput(loginSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const ip = ipOf(c, deps);
      // Counted before the password is checked: parallel guesses cannot all pass.
      const reservation = await deps.throttle.reserve(ip, email);
      if (!reservation.allowed) {
        const wait = reservation.retryAfterSeconds;
        c.header('Retry-After', String(wait));
        const n = minutes(wait);
        return c.json<ApiErrorBody, 429>(
          { error: `Too many failed login attempts. Try again in ${n} minute${n === 1 ? '' : 's'}.` },
          429,
        );
      }
      if (reservation.delayMs > 0) await sleep(reservation.delayMs);
      let result;
      try {
        result = await deps.hashGate.run(reservation.ipAttempts, () =>
          deps.accounts.authenticate(email, password),
        );
      } catch (error) {
        if (!(error instanceof GateFullError)) throw error;
        c.header('Retry-After', String(error.retryAfterSeconds));
        return c.json<ApiErrorBody, 503>({ error: error.message }, 503);
      }
      if (!result.ok) return c.json<ApiErrorBody, 401>({ error: result.error }, 401);
      await deps.throttle.succeeded(ip, email);
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
      let result;
      try {
        result = await deps.hashGate.run(0, () =>
          deps.accounts.changePassword(user.id, currentPassword, newPassword),
        );
      } catch (error) {
        if (!(error instanceof GateFullError)) throw error;
        c.header('Retry-After', String(error.retryAfterSeconds));
        return c.json<ApiErrorBody, 503>({ error: error.message }, 503);
      }
      if (!result.ok) {
        return c.json<ApiErrorBody, 400>({ error: result.error, field: 'currentPassword' }, 400);
      }
      // Every session of the user ended (other browsers too); this browser gets a fresh one.
      const { mustChangePassword: _, ...changed } = user;
      await startSession(c, changed, deps.session);
      return c.json<SessionBody, 200>({ user: changed }, 200);
    });
}
