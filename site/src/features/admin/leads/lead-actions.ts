import type { ActionFunction, ShouldRevalidateFunction } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import {
  addLeadNote,
  anonymiseLead,
  deleteLead,
  inviteLead,
  isLeadStatus,
  releaseLead,
  SETTABLE_LEAD_STATUSES,
  setLeadStatus,
  type Lead,
  type LeadNote,
} from './leads-api.ts';

/** The status and anonymise answers: the lead as stored, or why it was not changed. */
export type LeadActionResult = { ok: true; lead: Lead } | { ok: false; id: string; problem: string };

/** The answers of the other intents (a note added, a lead deleted), or why not. */
export type LeadNoteResult = { ok: true; note: LeadNote } | { ok: false; id: string; problem: string };
export type LeadDeleteResult = { ok: true; deleted: string } | { ok: false; id: string; problem: string };

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

async function attempt<T extends object>(id: string, work: () => Promise<T>) {
  try {
    return { ok: true as const, ...(await work()) };
  } catch (error) {
    return { ok: false as const, id, problem: messageOf(error) };
  }
}

/**
 * The Leads tab's changes, by `intent`: `status` (a lead's follow-up status), `note` (a line in
 * its log), `invite` (the lead becomes a Client mailed a one-time link), `release` (a lead held
 * by the site-wide cap becomes new and its mail goes out), `anonymise` and `delete` (a privacy
 * request).
 */
export const leadsAction: ActionFunction = async ({
  request,
}): Promise<LeadActionResult | LeadNoteResult | LeadDeleteResult> => {
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  switch (intent) {
    case 'status': {
      const status = form.get('status');
      if (!isLeadStatus(status) || status === 'held') {
        return {
          ok: false,
          id,
          problem: `Unknown status "${String(status)}": use ${SETTABLE_LEAD_STATUSES.join(', ')}`,
        };
      }
      return attempt(id, async () => ({ lead: await setLeadStatus(id, status) }));
    }
    case 'note':
      return attempt(id, async () => ({ note: await addLeadNote(id, String(form.get('text') ?? '')) }));
    case 'anonymise':
      return attempt(id, async () => ({ lead: await anonymiseLead(id) }));
    case 'invite':
      return attempt(id, async () => ({ lead: await inviteLead(id) }));
    case 'release':
      return attempt(id, async () => ({ lead: await releaseLead(id) }));
    case 'delete':
      return attempt(id, async () => {
        await deleteLead(id);
        return { deleted: id };
      });
    default:
      throw new Error(
        `Unknown Leads action "${String(intent)}": expected status, note, invite, anonymise or delete`,
      );
  }
};

/**
 * A status change answers with the stored lead, which the tab puts in place: reloading would
 * ask every page again and drop the ones opened with 'Load more'. The filter form is a GET
 * navigation: its new URL loads the list again.
 */
export const leadsShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== 'GET' ? false : defaultShouldRevalidate;
