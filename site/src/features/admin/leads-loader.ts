import type { LoaderFunction } from 'react-router';
import type { Settled } from '../../shared/settle.ts';
import { loadAdminData } from './admin-loader.ts';
import { listLeads, type LeadPage } from './leads-api.ts';

/** The Leads tab's loader data: the first page of `GET /api/leads`, under way. */
export interface LeadsData {
  firstLeads: Promise<Settled<LeadPage>>;
}

/** /admin/leads: the newest leads. */
export const leadsLoader: LoaderFunction = (): LeadsData => ({
  firstLeads: loadAdminData(() => listLeads()),
});
