import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import { checkSession, pagePath, readLocalSession, type SessionCheck } from '../../shared/session/index.ts';
import { settle, type Settled } from '../../shared/settle.ts';
import { firstDemoCalls, type DemoCallsPage } from './calls/demo-calls-api.ts';
import { mailStatus, type MailStatus } from './mail/mail-api.ts';
import { setupChecklist, type SetupChecklist } from './setup/setup-api.ts';

/** The /admin loader data: the session check and, for an Admin, whether demo calls have a source. */
export type AdminData = SessionCheck & {
  /** 'Recent demo calls': the newest page, or undefined when it has no source (`GET /api/config` first). */
  demoCalls?: Promise<Settled<DemoCallsPage | undefined>>;
  /** Waiting and failed notifications (the outbox). */
  mail?: Promise<Settled<MailStatus>>;
  /** The setup checklist: settings still missing or defaults. */
  setup?: Promise<Settled<SetupChecklist>>;
};

/**
 * /admin and its tabs: the session is checked first (a Client is never asked for admin data);
 * then the config capabilities start and are handed over unresolved, so the page shows its
 * heading and loading states while they arrive. Each tab's own loader starts its data.
 */
export const adminLoader: LoaderFunction = async ({ request }) => {
  const check = await checkSession('Admin', pagePath(request));
  if (check.state !== 'allowed' || check.user.mustChangePassword) return check;
  return {
    ...check,
    demoCalls: settle(firstDemoCalls()),
    mail: settle(mailStatus()),
    setup: settle(setupChecklist()),
  } satisfies AdminData;
};

/**
 * The tabs' changes (clients, lead statuses) never change the session or the server's
 * capabilities: after an action only the tab's own loader may run again. Moving between tabs
 * keeps the session check too (the parent's URL and params are unchanged).
 */
export const adminShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

/**
 * Whether a tab's loader may ask for admin data now. The tab loaders run beside the session
 * check, not after it, so they go by what this browser remembers: without an Admin session
 * here (signed out, a Client, a temporary password) the parent's answer wins and nothing is
 * asked; a stale remembered Admin gets the server's 401/403, and the parent's redirect.
 */
export function mayLoadAdminData(): boolean {
  const user = readLocalSession();
  return user?.role === 'Admin' && !user.mustChangePassword;
}

/**
 * A tab's request, started only when `mayLoadAdminData()`. Otherwise the page is leaving (or
 * asks for a new password) and never shows the answer; should this browser's memory be wrong,
 * the tab says it could not load rather than waiting forever.
 */
export const loadAdminData = <T>(request: () => Promise<T>): Promise<Settled<T>> =>
  mayLoadAdminData()
    ? settle(request())
    : Promise.resolve({ ok: false, error: new Error('This browser is not signed in as an Admin') });
