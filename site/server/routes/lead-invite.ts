import { Hono } from 'hono';
import type { InvitedLead } from '../../contract/api-types.ts';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { sendLink } from '../mail/account-mail.ts';
import type { Mail } from '../mail/settings.ts';
import { recordId } from '../route-input.ts';

/**
 * POST /api/leads/:id/invite (Admins), mounted at /api: the lead becomes a Client without a
 * password (same name and email: that is the link between them), is mailed a one-time link to
 * choose one, and moves to `invited`. Sending again revokes the older link.
 */
export function leadInviteRoutes(deps: ApiDeps, options: { mail: Mail; now: () => number }) {
  return new Hono<ApiEnv>().post(
    '/leads/:id/invite',
    requireUser(deps, 'Admin'),
    recordId('That is not a lead id. Reload the list and try again.'),
    async (c) => {
      const leads = deps.accounts.store.leads;
      const lead = await leads.findLead(c.req.param('id'));
      const client = await deps.hashGate.run(0, () =>
        deps.accounts.inviteClient({ name: lead.name, email: lead.email }),
      );
      await sendLink(deps.accounts, options.mail, client, 'invite', lead.language, options.now());
      const invited = await leads.setLeadStatus(lead.id, 'invited', options.now());
      return c.json<InvitedLead, 200>({ lead: invited, client }, 200);
    },
  );
}
