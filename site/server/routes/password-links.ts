import { linkTokenHash, passwordProblem } from '@voxdesk/auth';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiErrorBody, LeadReceived, SessionBody } from '../../contract/api-types.ts';
import { ipOf, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { sendLink } from '../mail/account-mail.ts';
import { leadMessages, type Mail } from '../mail/settings.ts';
import { jsonInput } from '../route-input.ts';
import { startSession } from '../session.ts';
import { AttemptLimit, type ThrottleRule } from '../throttle.ts';
import { emailField, nameField } from './fields.ts';

export const LINK_NOT_VALID =
  'This link is not valid any more: it was used, replaced by a newer one, or is older than 72 hours. Ask for a new one.';

const language = z.enum(['en', 'sq']).default('en');
const tokenSchema = z.object({
  token: z
    .string({ error: 'The link has no token' })
    .min(1, 'The link has no token')
    .max(200, LINK_NOT_VALID),
  password: z.string({ error: 'Password is required' }),
});
const resetSchema = z.object({ email: emailField, language });
const accessSchema = z.object({ name: nameField, email: emailField, language });

export interface PasswordLinkOptions {
  mail: Mail;
  now: () => number;
  /** Reset and access requests per address (default: 5 an hour, as the lead form). */
  perAddress?: ThrottleRule;
}

/**
 * Mounted at /api: POST /password/token (set the password from a one-time link, signed in),
 * POST /password/reset and POST /access-requests (anyone; the same 202 whether or not the
 * account exists, the work done after answering so the timing says nothing either).
 */
export function passwordLinkRoutes(deps: ApiDeps, options: PasswordLinkOptions) {
  const { mail, now } = options;
  const perAddress = new AttemptLimit(
    deps.accounts.store.attempts,
    options.perAddress ?? { limit: 5, windowMs: 60 * 60_000 },
    now,
  );
  const limited = async (c: Context, kind: string) => {
    const limit = await perAddress.hit(`${kind}:${ipOf(c, deps)}`);
    if (limit.allowed) return undefined;
    c.header('Retry-After', String(limit.retryAfterSeconds));
    return c.json<ApiErrorBody, 429>({ error: 'Too many requests from your address. Try again later.' }, 429);
  };

  return new Hono<ApiEnv>()
    .post('/password/token', jsonInput(tokenSchema), async (c) => {
      const { token, password } = c.req.valid('json');
      // Checked before the link is used, so a weak password does not spend it.
      const problem = passwordProblem(password);
      if (problem) return c.json<ApiErrorBody, 400>({ error: problem, field: 'password' }, 400);
      const used = await deps.accounts.store.linkTokens.consumeLinkToken(linkTokenHash(token), now());
      if (!used) return c.json<ApiErrorBody, 400>({ error: LINK_NOT_VALID, field: 'token' }, 400);
      const user = await deps.hashGate.run(0, () => deps.accounts.setPasswordFromLink(used.userId, password));
      await startSession(c, user, deps.session);
      return c.json<SessionBody, 200>({ user }, 200);
    })
    .post('/password/reset', jsonInput(resetSchema), async (c) => {
      const refused = await limited(c, 'reset');
      if (refused) return refused;
      const { email, language: lang } = c.req.valid('json');
      // After the answer: a failure is logged, never shown (the answer is the same).
      deps.afterAnswer.run('password reset', async () => {
        const user = await deps.accounts.store.users.findByEmail(email);
        if (!user || !(await mail.visitorMayReceive(email))) return;
        await sendLink(deps.accounts, mail, user, 'reset', lang, now());
      });
      return c.json<LeadReceived, 202>({ received: true }, 202);
    })
    .post('/access-requests', jsonInput(accessSchema), async (c) => {
      const refused = await limited(c, 'access');
      if (refused) return refused;
      const { name, email, language: lang } = c.req.valid('json');
      const lead = {
        name,
        email,
        company: null,
        phone: null,
        message: null,
        slot: null,
        timeZone: null,
        language: lang,
        // The access request's mark: leads from /login's form.
        sourcePage: '/login',
      };
      deps.afterAnswer.run('access request', async () => {
        const confirm = await mail.visitorMayReceive(email);
        await deps.accounts.store.leads.createLead(lead, now(), leadMessages(lead, mail.settings, confirm));
        mail.sender.kick();
      });
      return c.json<LeadReceived, 202>({ received: true }, 202);
    });
}
