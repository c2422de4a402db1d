import type { LeadNote } from './lead-record.ts';

/**
 * A `lead_notes` row as both SQL stores read it (Postgres hands bigints back as strings), and
 * the one mapping to the record the routes send.
 */
export interface NoteRow {
  seq: number | string;
  lead_id: string;
  kind: LeadNote['kind'];
  text: string | null;
  author_id: string;
  author_name: string;
  created_at: number | string;
  /** `request` entries: the slot and zone of the repeat request. */
  slot?: string | null;
  time_zone?: string | null;
}

export const toNote = (row: NoteRow): LeadNote => ({
  id: `note_${row.seq}`,
  leadId: row.lead_id,
  kind: row.kind,
  text: row.text,
  author: { id: row.author_id, name: row.author_name },
  createdAt: Number(row.created_at),
  ...(row.kind === 'request' ? { slot: row.slot ?? null, timeZone: row.time_zone ?? null } : {}),
});
