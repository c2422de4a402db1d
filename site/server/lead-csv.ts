import { PHONE_PATTERN, type LeadRecord } from '@voxdesk/auth';
import { stringify } from 'csv-stringify/sync';

const COLUMNS = [
  ['Received', (l: LeadRecord) => new Date(l.createdAt).toISOString()],
  ['Status', (l: LeadRecord) => l.status],
  ['Name', (l: LeadRecord) => l.name],
  ['Email', (l: LeadRecord) => l.email],
  ['Company', (l: LeadRecord) => l.company ?? ''],
  ['Phone', (l: LeadRecord) => readablePhone(l.phone)],
  ['Slot', (l: LeadRecord) => l.slot ?? ''],
  ['Time Zone', (l: LeadRecord) => l.timeZone ?? ''],
  ['Language', (l: LeadRecord) => l.language],
  ['Source Page', (l: LeadRecord) => l.sourcePage],
  ['Message', (l: LeadRecord) => l.message ?? ''],
  // One lead per person: how many requests they sent, the newest when (repeats are in the log).
  ['Requests', (l: LeadRecord) => String(l.requests)],
  ['Last Request', (l: LeadRecord) => new Date(l.lastRequestAt).toISOString()],
  ['Id', (l: LeadRecord) => l.id],
] as const;

/**
 * A phone number as a spreadsheet should show it. `+355 69 123 4567` as it is would be read as
 * a formula (Excel shows #NAME?); escaped like the other cells it would show as `'+355…`. A
 * number in the forms' syntax (PHONE_PATTERN) gets a leading space instead, which is not a
 * formula trigger (OWASP: = + - @ tab CR), so it opens as the text typed. Even an app that
 * trimmed the space would find only digits and + ( ) . / -: arithmetic at worst, never a
 * function, a link or DDE. Anything else (a number edited in Airtable) is escaped as usual.
 */
function readablePhone(phone: string | null): string {
  if (!phone) return '';
  return PHONE_PATTERN.test(phone) ? ` ${phone}` : phone;
}

/**
 * Leads as CSV for a spreadsheet. Visitors write these cells, so a cell starting with
 * = + - @ (or tab, CR) is prefixed with ' and opens as text, not as a formula (OWASP
 * "CSV injection"); phone numbers are the one exception (`readablePhone`). A UTF-8 byte
 * order mark lets Excel read Albanian letters correctly.
 */
export function leadsCsv(leads: readonly LeadRecord[]): string {
  const rows = leads.map((lead) => COLUMNS.map(([, cell]) => cell(lead)));
  return `\uFEFF${stringify([COLUMNS.map(([title]) => title), ...rows], {
    escape_formulas: true,
    quoted_string: true,
    record_delimiter: 'windows',
  })}`;
}
