import { apiRequest } from '../../shared/session/index.ts';

export type LeadStatus = 'new' | 'contacted' | 'closed';
export const LEAD_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'closed'];

/** One lead as `GET /api/leads` sends it. */
export interface Lead {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  slot: string | null;
  timeZone: string | null;
  language: 'en' | 'sq';
  sourcePage: string;
  status: LeadStatus;
  createdAt: number;
  updatedAt: number;
}

export interface LeadPage {
  leads: Lead[];
  next?: string;
}

export const LEADS_PAGE_SIZE = 50;

/** `GET /api/leads?limit=50&after=…`, newest first. */
export function listLeads(after?: string): Promise<LeadPage> {
  const query = `?limit=${LEADS_PAGE_SIZE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
  return apiRequest<LeadPage>(`/api/leads${query}`);
}

/** `PATCH /api/leads/:id` → the updated lead. */
export async function setLeadStatus(id: string, status: LeadStatus): Promise<Lead> {
  const { lead } = await apiRequest<{ lead: Lead }>(`/api/leads/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { status },
  });
  return lead;
}

/** Every lead as a spreadsheet, downloaded by the browser (the session cookie goes along). */
export const LEADS_CSV_URL = '/api/leads.csv';
