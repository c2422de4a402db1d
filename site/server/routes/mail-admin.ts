import { Hono } from 'hono';
import type { ApiErrorBody, MailStatus, MailTestSent } from '../../contract/api-types.ts';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { testMail } from '../mail/messages.ts';
import type { Mail } from '../mail/settings.ts';

/**
 * For Admins, mounted at /api/admin: GET /mail (waiting and failed notifications) and POST
 * /mail-test (sends a test email to the signed-in Admin now and answers the server's verdict).
 */
export function mailAdminRoutes(deps: ApiDeps, mail: Mail) {
  return new Hono<ApiEnv>()
    .use(requireUser(deps, 'Admin'))
    .get('/mail', async (c) => {
      const summary = await deps.accounts.store.outbox.summary({ failureLimit: 10 });
      return c.json<MailStatus, 200>({ smtpConfigured: mail.sender.mailConfigured, ...summary }, 200);
    })
    .post('/mail-test', async (c) => {
      const result = await mail.sender.sendTest(c.get('user').email, testMail());
      if ('ok' in result) return c.json<MailTestSent, 200>({ ok: true }, 200);
      return c.json<ApiErrorBody, 502>({ error: result.error }, 502);
    });
}
