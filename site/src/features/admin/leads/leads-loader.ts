import type { LoaderFunction } from 'react-router';
import type { Settled } from '../../../shared/settle.ts';
import { loadAdminData } from '../admin-loader.ts';
import { filterFromUrl, leadQuery, type LeadFilterValues, type LeadQuery } from './lead-filter.ts';
import { listLeads, recordLeadsVisit, type LeadPage, type LeadsVisit } from './leads-api.ts';

/** The Leads tab's loader data: the filter in the URL and the first page it matches, under way. */
export interface LeadsData {
  filter: LeadFilterValues;
  query: LeadQuery;
  firstLeads: Promise<Settled<LeadPage>>;
  /** How many leads are new to this Admin (recording this look; a reload within a visit keeps it). */
  visit: Promise<Settled<LeadsVisit>>;
}

/** /admin/leads?search=…: the newest leads the filter matches. */
export const leadsLoader: LoaderFunction = ({ request }): LeadsData => {
  const filter = filterFromUrl(new URL(request.url));
  const query = leadQuery(filter);
  return {
    filter,
    query,
    firstLeads: loadAdminData(() => listLeads(query)),
    visit: loadAdminData(() => recordLeadsVisit()),
  };
};
