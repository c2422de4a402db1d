import type { MailStatus } from '../../../../contract/api-types.ts';
import { api, call } from '../../../shared/api/index.ts';

export type { MailStatus } from '../../../../contract/api-types.ts';

/** The outbox as the Admin sees it: waiting and failed notifications, and whether SMTP is set. */
export async function mailStatus(): Promise<MailStatus> {
  const status = await call(api.admin.mail.$get());
  if (typeof status?.waiting !== 'number') throw new Error('The server sent an unexpected mail status');
  return status;
}
