import type { CallReportStore } from '@voxdesk/auth';
import { Hono } from 'hono';
import type { SetupChecklist } from '../../contract/api-types.ts';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import type { Mail } from '../mail/settings.ts';
import { hasVapiReport, setupChecklist, type SetupFacts } from '../setup-checklist.ts';

export interface SetupOptions {
  /** The configuration as read at start (the checklist never shows a secret, only whether it is set). */
  config: Omit<SetupFacts, 'reportReceived' | 'smtpConfigured'>;
  mail: Mail;
  reports: CallReportStore;
}

/** For Admins, mounted at /api/admin/setup: GET answers the setup checklist. */
export function setupRoutes(deps: ApiDeps, options: SetupOptions) {
  return new Hono<ApiEnv>().use(requireUser(deps, 'Admin')).get('/', async (c) => {
    const items = setupChecklist({
      ...options.config,
      smtpConfigured: options.mail.sender.mailConfigured,
      reportReceived: await hasVapiReport(options.reports),
    });
    return c.json<SetupChecklist, 200>({ items }, 200);
  });
}
