import { isLeadStatus, LEAD_LANGUAGES, type LeadLanguage, type LeadStatus } from '@voxdesk/auth/lead-record';

/**
 * The Leads screen's filter as it stands in the URL (`/admin/leads?search=…&status=…`), so a
 * filtered list is a link and Back returns to it. Days are `YYYY-MM-DD` in the Admin's zone.
 */
export interface LeadFilterValues {
  search: string;
  status: LeadStatus | '';
  language: LeadLanguage | '';
  sourcePage: string;
  from: string;
  to: string;
}

/** What `GET /api/leads` takes: blanks left out, days turned into instants. */
export interface LeadQuery {
  search?: string;
  status?: string;
  language?: string;
  sourcePage?: string;
  from?: string;
  to?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a day in this browser's zone (ms), `days` later; undefined for a malformed day. */
function startOfDay(day: string, days = 0): number | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).getTime();
  return Number.isNaN(at) ? undefined : at;
}

export function filterFromUrl(url: URL): LeadFilterValues {
  const value = (name: string) => url.searchParams.get(name)?.trim() ?? '';
  const status = value('status');
  const language = value('language');
  return {
    search: value('search'),
    status: isLeadStatus(status) ? status : '',
    language: (LEAD_LANGUAGES as readonly string[]).includes(language) ? (language as LeadLanguage) : '',
    sourcePage: value('sourcePage'),
    from: DAY.test(value('from')) ? value('from') : '',
    to: DAY.test(value('to')) ? value('to') : '',
  };
}

export const isFiltered = (filter: LeadFilterValues): boolean => Object.values(filter).some(Boolean);

/** The API's query: `to` is the chosen last day included, so the bound is the next day's start. */
export function leadQuery(filter: LeadFilterValues): LeadQuery {
  const from = startOfDay(filter.from);
  const to = startOfDay(filter.to, 1);
  return {
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.language ? { language: filter.language } : {}),
    ...(filter.sourcePage ? { sourcePage: filter.sourcePage } : {}),
    ...(from !== undefined ? { from: String(from) } : {}),
    ...(to !== undefined ? { to: String(to) } : {}),
  };
}
