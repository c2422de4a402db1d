import type { Lead, LeadPage, LeadStatus, UpdatedLead } from '../../shared/api-types.ts';
import { apiRequest } from '../../shared/session/index.ts';

export type { Lead, LeadPage, LeadStatus } from '../../shared/api-types.ts';
export const LEAD_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'closed'];

export const LEADS_PAGE_SIZE = 50;

/** `GET /api/leads?limit=50&after=…`, newest first. */
export function listLeads(after?: string): Promise<LeadPage> {
  const query = `?limit=${LEADS_PAGE_SIZE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
  return apiRequest<LeadPage>(`/api/leads${query}`);
}

/** `PATCH /api/leads/:id` → the updated lead. */
export async function setLeadStatus(id: string, status: LeadStatus): Promise<Lead> {
  const { lead } = await apiRequest<UpdatedLead>(`/api/leads/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { status },
  });
  return lead;
}

/** Every lead as a spreadsheet, downloaded by the browser (the session cookie goes along). */
export const LEADS_CSV_URL = '/api/leads.csv';
