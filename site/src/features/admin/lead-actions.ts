import type { ActionFunction, ShouldRevalidateFunction } from 'react-router';
import { ApiError } from '../../shared/api/index.ts';
import { isLeadStatus, LEAD_STATUSES, setLeadStatus, type Lead } from './leads-api.ts';

/** The action's answer: the lead as stored, or why it was not changed. */
export type LeadActionResult = { ok: true; lead: Lead } | { ok: false; id: string; problem: string };

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The Leads tab's change (`intent=status`): a lead's follow-up status. */
export const leadsAction: ActionFunction = async ({ request }): Promise<LeadActionResult> => {
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  const status = form.get('status');
  if (intent !== 'status') throw new Error(`Unknown Leads action "${String(intent)}": expected status`);
  if (!isLeadStatus(status)) {
    return { ok: false, id, problem: `Unknown status "${String(status)}": use ${LEAD_STATUSES.join(', ')}` };
  }
  try {
    return { ok: true, lead: await setLeadStatus(id, status) };
  } catch (error) {
    return { ok: false, id, problem: messageOf(error) };
  }
};

/**
 * A status change answers with the stored lead, which the tab puts in place: reloading would
 * ask every page again and drop the ones opened with 'Load more'. The filter form is a GET
 * navigation: its new URL loads the list again.
 */
export const leadsShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== 'GET' ? false : defaultShouldRevalidate;
