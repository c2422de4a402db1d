import { randomUUID } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { normalizeEmail } from './email.ts';
import { BadCursorError, LeadNotFoundError, LeadNotHeldError } from './errors.ts';
import { leadSearchText, repeatSearchText, searchWords, VISITOR_AUTHOR_ID } from './lead-record.ts';
import { toNote, type NoteRow } from './lead-note-row.ts';
import type { SqliteOutbox } from './sqlite-outbox.ts';
import type {
  LeadFilter,
  LeadMessages,
  LeadNote,
  LeadNoteStore,
  LeadPage,
  LeadRecord,
  LeadStatus,
  LeadStore,
  LeadVisitStore,
  NewLead,
  NewLeadNote,
  NewLeadStatus,
  NoteAuthor,
} from './types.ts';
import { leadMessagesFor } from './types.ts';

const LEAD_COLUMNS = `id, name, email, company, phone, message, slot, time_zone AS timeZone, language,
  source_page AS sourcePage, status, created_at AS createdAt, updated_at AS updatedAt, requests,
  last_request_at AS lastRequestAt`;

const SQL = {
  insertLead: `INSERT INTO leads (id, name, email, company, phone, message, slot, time_zone, language,
                                  source_page, status, created_at, updated_at, search_text, last_request_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  // The newest open lead of an address (anonymised leads have none; deleted ones are gone).
  findOpenLead: `SELECT id FROM leads WHERE email = ? ORDER BY seq DESC LIMIT 1`,
  // A repeat request: counted, its slot, phone and company taken when given, its words searchable.
  addRequest: `UPDATE leads SET requests = requests + 1, last_request_at = max(last_request_at, ?1),
                  updated_at = max(updated_at, ?1), slot = coalesce(?2, slot),
                  time_zone = CASE WHEN ?2 IS NULL THEN time_zone ELSE ?3 END,
                  phone = coalesce(?4, phone), company = coalesce(?5, company),
                  search_text = search_text || ?6
                WHERE id = ?7 RETURNING ${LEAD_COLUMNS}`,
  findLead: `SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`,
  deleteLead: 'DELETE FROM leads WHERE id = ?',
  anonymiseLead: `UPDATE leads SET name = 'Anonymised', email = '', company = NULL, phone = NULL, message = NULL,
                    slot = NULL, time_zone = NULL, search_text = '', updated_at = max(updated_at, ?)
                  WHERE id = ? RETURNING ${LEAD_COLUMNS}`,
  insertNote: `INSERT INTO lead_notes (lead_id, kind, text, author_id, author_name, created_at, slot, time_zone)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
  listNotes: `SELECT * FROM (SELECT seq, lead_id, kind, text, author_id, author_name, created_at, slot, time_zone
                FROM lead_notes
                WHERE lead_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq`,
  dropNotes: 'DELETE FROM lead_notes WHERE lead_id = ?',
  // An Admin's look at the Leads screen: a look more than gap (?3) after the last one starts a
  // new visit, and the last one becomes the point leads are new since. One statement: atomic.
  recordLeadsVisit: `INSERT INTO lead_visits (user_id, since, seen_at) VALUES (?1, NULL, ?2)
                     ON CONFLICT (user_id) DO UPDATE SET
                       since = CASE WHEN ?2 - seen_at > ?3 THEN seen_at ELSE since END,
                       seen_at = max(seen_at, ?2)
                     RETURNING since`,
  setLeadStatus: `UPDATE leads SET status = ?, updated_at = ? WHERE id = ? RETURNING ${LEAD_COLUMNS}`,
  // Only a held lead: of two Admins releasing it at once, one gets the row (and sends the mail).
  releaseLead: `UPDATE leads SET status = 'new', updated_at = max(updated_at, ?) WHERE id = ? AND status = 'held'
                RETURNING ${LEAD_COLUMNS}`,
  // run(), not get() + RETURNING: run() throws when the commit fails (a full disk).
  deleteLeadsCreatedBefore: `DELETE FROM leads WHERE created_at < ?`,
} as const;

/** The WHERE clause of a lead filter, `?` placeholders with their values in order. */
function leadWhere(filter: LeadFilter, before: number): { where: string; values: (string | number)[] } {
  const clauses = ['seq < ?'];
  const values: (string | number)[] = [before];
  const add = (clause: string, value: string | number | undefined) => {
    if (value === undefined) return;
    clauses.push(clause);
    values.push(value);
  };
  // instr, not LIKE: no wildcards to escape, and the needle is already lower-cased like the text.
  for (const word of searchWords(filter.search)) add('instr(search_text, ?) > 0', word);
  add('status = ?', filter.status);
  add('created_at >= ?', filter.from);
  add('created_at < ?', filter.to);
  add('last_request_at >= ?', filter.requestedFrom);
  add('source_page = ?', filter.sourcePage);
  add('language = ?', filter.language);
  return { where: clauses.join(' AND '), values };
}

/** A plain object copy of a row, its times as numbers. */
const toLead = (row: LeadRecord): LeadRecord => ({
  ...row,
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
  requests: Number(row.requests),
  lastRequestAt: Number(row.lastRequestAt),
});

/**
 * The leads of a `SqliteStore`: the leads, their log (`lead_notes`) and each person's last
 * visit to the list (`lead_visits`). A lead and its notifications commit together through
 * the outbox's transaction.
 */
export class SqliteLeads implements LeadStore, LeadVisitStore, LeadNoteStore {
  /** The store's statement cache (prepared once per connection). */
  readonly #prepare: (sql: string) => StatementSync;
  readonly #db: () => DatabaseSync;
  readonly #outbox: SqliteOutbox;

  constructor(prepare: (sql: string) => StatementSync, db: () => DatabaseSync, outbox: SqliteOutbox) {
    this.#prepare = prepare;
    this.#db = db;
    this.#outbox = outbox;
  }

  /**
   * Runs a write with `RETURNING` and gives back its rows. Never `.get()` here: node:sqlite's
   * `get()` steps once, returns the row and ignores the commit's failure (a full disk loses the
   * write silently); `all()` steps to the end, so a failed commit throws.
   */
  #returning(sql: (typeof SQL)[keyof typeof SQL], ...params: (string | number | null)[]): unknown[] {
    return this.#prepare(sql).all(...params);
  }

  async createLead(
    lead: NewLead,
    now: number,
    messages?: LeadMessages,
    status: NewLeadStatus = 'new',
  ): Promise<LeadRecord> {
    const request = { ...lead, email: normalizeEmail(lead.email) };
    // One write transaction (BEGIN IMMEDIATE) from the look-up to the commit: a second request
    // of the same address, from this process or another, waits and then finds this lead. The
    // lead, its log entry and its notifications commit together, or none does.
    return this.#outbox.transaction(() => {
      const open =
        request.email === ''
          ? undefined
          : (this.#prepare(SQL.findOpenLead).get(request.email) as { id: string } | undefined);
      const stored = open ? this.#addRequest(open.id, request, now) : this.#insertLead(request, now, status);
      // A held lead's notifications wait for its release (releaseLead), repeats' too.
      if (stored.status !== 'held') this.#outbox.insert(leadMessagesFor(messages, stored), now);
      return stored;
    });
  }

  #addRequest(id: string, request: NewLead, now: number): LeadRecord {
    const [row] = this.#returning(
      SQL.addRequest,
      now,
      request.slot,
      request.timeZone,
      request.phone,
      request.company,
      `\n${repeatSearchText(request)}`,
      id,
    ) as LeadRecord[];
    const author = { id: VISITOR_AUTHOR_ID, name: request.name };
    this.#insertNote(id, 'request', request.message, author, now, request);
    return toLead(row!);
  }

  #insertLead(lead: NewLead, now: number, status: NewLeadStatus): LeadRecord {
    const id = `lead_${randomUUID().replace(/-/g, '')}`;
    this.#prepare(SQL.insertLead).run(
      id,
      lead.name,
      lead.email,
      lead.company,
      lead.phone,
      lead.message,
      lead.slot,
      lead.timeZone,
      lead.language,
      lead.sourcePage,
      status,
      now,
      now,
      leadSearchText(lead),
      now,
    );
    return { id, ...lead, status, createdAt: now, updatedAt: now, requests: 1, lastRequestAt: now };
  }

  async listLeads({
    limit,
    after,
    ...filter
  }: { limit: number; after?: string } & LeadFilter): Promise<LeadPage> {
    const before = after === undefined ? Number.MAX_SAFE_INTEGER : Number(after);
    if (after !== undefined && (!/^\d{1,15}$/.test(after) || !Number.isSafeInteger(before))) {
      throw new BadCursorError();
    }
    const { where, values } = leadWhere(filter, before);
    const statement = this.#prepare(
      `SELECT seq, ${LEAD_COLUMNS} FROM leads WHERE ${where} ORDER BY seq DESC LIMIT ?`,
    );
    // why: node:sqlite types rows as generic records; the query selects LeadRecord's columns and seq.
    const rows = statement.all(...values, limit + 1) as unknown as (LeadRecord & { seq: number })[];
    const leads = rows.slice(0, limit).map(({ seq: _seq, ...lead }) => toLead(lead));
    return rows.length > limit ? { leads, next: String(rows[limit - 1]!.seq) } : { leads };
  }

  async countLeads(filter: LeadFilter): Promise<number> {
    const { where, values } = leadWhere(filter, Number.MAX_SAFE_INTEGER);
    const row = this.#prepare(`SELECT count(*) AS count FROM leads WHERE ${where}`).get(...values) as {
      count: number;
    };
    return Number(row.count);
  }

  async deleteLead(id: string): Promise<void> {
    if (this.#prepare(SQL.deleteLead).run(id).changes === 0) throw new LeadNotFoundError(id);
  }

  async anonymiseLead(id: string, now: number): Promise<LeadRecord> {
    const [row] = this.#returning(SQL.anonymiseLead, now, id) as (LeadRecord | undefined)[];
    if (!row) throw new LeadNotFoundError(id);
    return toLead(row);
  }

  async findLead(id: string): Promise<LeadRecord> {
    const row = this.#prepare(SQL.findLead).get(id) as LeadRecord | undefined;
    if (!row) throw new LeadNotFoundError(id);
    return toLead(row);
  }

  async addLeadNote(note: NewLeadNote, now: number): Promise<LeadNote> {
    const call = { slot: note.slot ?? null, timeZone: note.timeZone ?? null };
    return this.#insertNote(note.leadId, note.kind, note.text, note.author, now, call);
  }

  #insertNote(
    leadId: string,
    kind: LeadNote['kind'],
    text: string | null,
    author: NoteAuthor,
    now: number,
    call: Pick<NewLead, 'slot' | 'timeZone'> = { slot: null, timeZone: null },
  ) {
    const [{ seq }] = this.#returning(
      SQL.insertNote,
      leadId,
      kind,
      text,
      author.id,
      author.name,
      now,
      call.slot,
      call.timeZone,
    ) as [{ seq: number }];
    return toNote({
      seq,
      lead_id: leadId,
      kind,
      text,
      author_id: author.id,
      author_name: author.name,
      created_at: now,
      slot: call.slot,
      time_zone: call.timeZone,
    });
  }

  async listLeadNotes(leadId: string, limit: number): Promise<LeadNote[]> {
    // why: node:sqlite types rows as generic records; SQL.listNotes selects exactly NoteRow's columns.
    return (this.#prepare(SQL.listNotes).all(leadId, limit) as unknown as NoteRow[]).map(toNote);
  }

  async recordPrivacyAction(
    leadId: string,
    kind: 'anonymised' | 'deleted',
    author: NoteAuthor,
    now: number,
  ): Promise<LeadNote> {
    const db = this.#db();
    db.exec('BEGIN IMMEDIATE');
    try {
      this.#prepare(SQL.dropNotes).run(leadId);
      const entry = this.#insertNote(leadId, kind, null, author, now);
      db.exec('COMMIT');
      return entry;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }

  async recordLeadsVisit(userId: string, now: number, gapMs: number): Promise<number | null> {
    const [row] = this.#returning(SQL.recordLeadsVisit, userId, now, gapMs) as [{ since: number | null }];
    return row.since === null ? null : Number(row.since);
  }

  async setLeadStatus(id: string, status: LeadStatus, now: number): Promise<LeadRecord> {
    const [row] = this.#returning(SQL.setLeadStatus, status, now, id) as (LeadRecord | undefined)[];
    if (!row) throw new LeadNotFoundError(id);
    return toLead(row);
  }

  async releaseLead(id: string, now: number, messages: LeadMessages): Promise<LeadRecord> {
    return this.#outbox.transaction(() => {
      const [row] = this.#returning(SQL.releaseLead, now, id) as (LeadRecord | undefined)[];
      if (!row) {
        if (this.#prepare(SQL.findLead).get(id) === undefined) throw new LeadNotFoundError(id);
        throw new LeadNotHeldError(id);
      }
      const lead = toLead(row);
      // The owner hears of it for the first time, whatever repeats it collected while held.
      this.#outbox.insert(leadMessagesFor(messages, { requests: 1 }), now);
      return lead;
    });
  }

  async deleteLeadsCreatedBefore(cutoff: number): Promise<number> {
    return Number(this.#prepare(SQL.deleteLeadsCreatedBefore).run(cutoff).changes);
  }
}
