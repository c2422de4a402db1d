import type { Lead, LeadStatus } from './leads-api.ts';

/** How the Leads screen names each status and language. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  held: 'Held for review',
  new: 'New',
  contacted: 'Contacted',
  invited: 'Invited',
  closed: 'Closed',
};

export const LANGUAGE_LABELS: Record<Lead['language'], string> = { en: 'English', sq: 'Albanian' };
