import type { ActionFunction, ShouldRevalidateFunction } from 'react-router';
import { ApiError } from '../../shared/api/index.ts';
import { inviteLead, LEAD_STATUSES, setLeadStatus, type Lead, type LeadStatus } from './leads-api.ts';

/** The action's answer: the lead as stored, or why it was not changed. */
export type LeadActionResult = { ok: true; lead: Lead } | { ok: false; id: string; problem: string };

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));
const isStatus = (value: unknown): value is LeadStatus => LEAD_STATUSES.includes(value as LeadStatus);

/** The Leads tab's changes: a lead's follow-up status (`intent=status`), an invitation (`intent=invite`). */
export const leadsAction: ActionFunction = async ({ request }): Promise<LeadActionResult> => {
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  const status = form.get('status');
  if (intent === 'invite') {
    try {
      return { ok: true, lead: await inviteLead(id) };
    } catch (error) {
      return { ok: false, id, problem: messageOf(error) };
    }
  }
  if (intent !== 'status')
    throw new Error(`Unknown Leads action "${String(intent)}": expected status or invite`);
  if (!isStatus(status)) {
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
 * ask every page again and drop the ones opened with 'Load more'.
 */
export const leadsShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;
