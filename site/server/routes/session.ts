import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser, ipOf, NOT_LOGGED_IN, type ApiDeps } from '../api-context.ts';
import { readJsonBody } from '../json-body.ts';
import { endSession, startSession } from '../session.ts';
import { emailField, passwordField } from './fields.ts';

const loginSchema = z.object({ email: emailField, password: passwordField });

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** POST/GET/DELETE /api/session: log in, who am I, log out. */
export function sessionRoutes(deps: ApiDeps) {
  return new Hono()
    .post('/', async (c) => {
      const body = await readJsonBody(c, loginSchema);
      if (!body.ok) return body.response;
      const { email, password } = body.data;
      const ip = ipOf(c, deps);
      const wait = deps.throttle.retryAfterSeconds(ip, email);
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        const n = minutes(wait);
        return c.json(
          { error: `Too many failed login attempts. Try again in ${n} minute${n === 1 ? '' : 's'}.` },
          429,
        );
      }
      const result = await deps.accounts.authenticate(email, password);
      if (!result.ok) {
        deps.throttle.recordFailure(ip, email);
        return c.json({ error: result.error }, 401);
      }
      deps.throttle.recordSuccess(email);
      await startSession(c, result.user, deps.session);
      return c.json({ user: result.user });
    })
    .get('/', async (c) => {
      const user = await currentUser(c, deps);
      return user ? c.json({ user }) : c.json({ error: NOT_LOGGED_IN }, 401);
    })
    .delete('/', (c) => {
      endSession(c, deps.session);
      return c.body(null, 204);
    });
}
