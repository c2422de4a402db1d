import type { Lead, LeadPage, LeadStatus } from '../../shared/api-types.ts';
import { api, call, segment } from '../../shared/api/index.ts';

export type { Lead, LeadPage, LeadStatus } from '../../shared/api-types.ts';
export const LEAD_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'invited', 'closed'];

export const LEADS_PAGE_SIZE = 50;

/** `GET /api/leads?limit=50&after=…`, newest first. */
export function listLeads(after?: string): Promise<LeadPage> {
  return call(api.leads.$get({ query: { limit: String(LEADS_PAGE_SIZE), ...(after ? { after } : {}) } }));
}

/** `PATCH /api/leads/:id` → the updated lead. */
export async function setLeadStatus(id: string, status: LeadStatus): Promise<Lead> {
  const { lead } = await call(api.leads[':id'].$patch({ param: { id: segment(id) }, json: { status } }));
  return lead;
}

/** `POST /api/leads/:id/invite` → the lead, now invited (its Client is mailed a one-time link). */
export async function inviteLead(id: string): Promise<Lead> {
  const { lead } = await call(api.leads[':id'].invite.$post({ param: { id: segment(id) } }));
  return lead;
}

/** Every lead as a spreadsheet, downloaded by the browser (the session cookie goes along). */
export const LEADS_CSV_URL = '/api/leads.csv';
