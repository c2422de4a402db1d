import type { SetupChecklist } from '../../../../contract/api-types.ts';
import { api, call } from '../../../shared/api/index.ts';

export type { SetupChecklist, SetupItem } from '../../../../contract/api-types.ts';

/** The admin setup checklist: what the owner still has to set, each with its setting. */
export async function setupChecklist(): Promise<SetupChecklist> {
  const checklist = await call(api.admin.setup.$get());
  if (!Array.isArray(checklist?.items)) throw new Error('The server sent an unexpected setup checklist');
  return checklist;
}

/** Sends a test email to the signed-in Admin now; throws `ApiError` with the server's verdict. */
export async function sendTestMail(): Promise<void> {
  await call(api.admin['mail-test'].$post());
}
