import type { Lead, LeadNote, LeadPage, LeadStatus, LeadsVisit } from '../../../../contract/api-types.ts';
import { api, call, segment } from '../../../shared/api/index.ts';
import type { LeadQuery } from './lead-filter.ts';

export type { Lead, LeadNote, LeadPage, LeadStatus, LeadsVisit } from '../../../../contract/api-types.ts';
export {
  isLeadStatus,
  LEAD_STATUSES,
  MAX_NOTE_LENGTH,
  SETTABLE_LEAD_STATUSES,
} from '@voxdesk/auth/lead-record';

export const LEADS_PAGE_SIZE = 50;

/** `GET /api/leads?limit=50&after=…&search=…`, newest first, only the leads the query matches. */
export function listLeads(query: LeadQuery, after?: string): Promise<LeadPage> {
  return call(
    api.leads.$get({ query: { ...query, limit: String(LEADS_PAGE_SIZE), ...(after ? { after } : {}) } }),
  );
}

/** `POST /api/leads/visit`: the Leads screen is open; how many leads are new to this Admin. */
export function recordLeadsVisit(): Promise<LeadsVisit> {
  return call(api.leads.visit.$post());
}

/** `PATCH /api/leads/:id` → the updated lead (`held` is the site-wide cap's: see `releaseLead`). */
export async function setLeadStatus(id: string, status: Exclude<LeadStatus, 'held'>): Promise<Lead> {
  const { lead } = await call(api.leads[':id'].$patch({ param: { id: segment(id) }, json: { status } }));
  return lead;
}

/** `GET /api/leads/:id/notes`: the lead's activity log, oldest first. */
export async function listLeadNotes(id: string): Promise<LeadNote[]> {
  const { notes } = await call(api.leads[':id'].notes.$get({ param: { id: segment(id) } }));
  return notes;
}

/** `POST /api/leads/:id/notes` → the stored note. */
export async function addLeadNote(id: string, text: string): Promise<LeadNote> {
  const { note } = await call(api.leads[':id'].notes.$post({ param: { id: segment(id) }, json: { text } }));
  return note;
}

/** `POST /api/leads/:id/anonymise` → the lead without the person. */
export async function anonymiseLead(id: string): Promise<Lead> {
  const { lead } = await call(api.leads[':id'].anonymise.$post({ param: { id: segment(id) } }));
  return lead;
}

/** `DELETE /api/leads/:id`: deleted for a privacy request, notes and all. */
export async function deleteLead(id: string): Promise<void> {
  await call(api.leads[':id'].$delete({ param: { id: segment(id) } }));
}

/** The leads the query matches as a spreadsheet, downloaded by the browser (the session cookie goes along). */
export function leadsCsvUrl(query: LeadQuery): string {
  const search = new URLSearchParams(Object.entries(query)).toString();
  return search ? `/api/leads.csv?${search}` : '/api/leads.csv';
}

/** `POST /api/leads/:id/invite` → the lead, now invited (its Client is mailed a one-time link). */
export async function inviteLead(id: string): Promise<Lead> {
  const { lead } = await call(api.leads[':id'].invite.$post({ param: { id: segment(id) } }));
  return lead;
}

/** `POST /api/leads/:id/release` → the lead, now `new` (held by the site-wide cap; its mail goes out now). */
export async function releaseLead(id: string): Promise<Lead> {
  const { lead } = await call(api.leads[':id'].release.$post({ param: { id: segment(id) } }));
  return lead;
}
