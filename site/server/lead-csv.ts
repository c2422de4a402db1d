import type { LeadRecord } from '@voxdesk/auth';
import { stringify } from 'csv-stringify/sync';

const COLUMNS = [
  ['Received', (l: LeadRecord) => new Date(l.createdAt).toISOString()],
  ['Status', (l: LeadRecord) => l.status],
  ['Name', (l: LeadRecord) => l.name],
  ['Email', (l: LeadRecord) => l.email],
  ['Company', (l: LeadRecord) => l.company ?? ''],
  ['Phone', (l: LeadRecord) => l.phone ?? ''],
  ['Slot', (l: LeadRecord) => l.slot ?? ''],
  ['Time Zone', (l: LeadRecord) => l.timeZone ?? ''],
  ['Language', (l: LeadRecord) => l.language],
  ['Source Page', (l: LeadRecord) => l.sourcePage],
  ['Message', (l: LeadRecord) => l.message ?? ''],
  ['Id', (l: LeadRecord) => l.id],
] as const;

/**
 * Leads as CSV for a spreadsheet. Visitors write these cells, so a cell starting with
 * = + - @ (or tab, CR) is prefixed with ' and opens as text, not as a formula (OWASP
 * "CSV injection"). A UTF-8 byte order mark lets Excel read Albanian letters correctly.
 */
export function leadsCsv(leads: readonly LeadRecord[]): string {
  const rows = leads.map((lead) => COLUMNS.map(([, cell]) => cell(lead)));
  return `\uFEFF${stringify([COLUMNS.map(([title]) => title), ...rows], {
    escape_formulas: true,
    quoted_string: true,
    record_delimiter: 'windows',
  })}`;
}
