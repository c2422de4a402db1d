import { randomUUID } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { normalizeEmail } from './email.ts';
import { LeadNotFoundError, LeadNotHeldError } from './errors.ts';
import { toNote, type NoteRow } from './lead-note-row.ts';
import { leadSearchText, repeatSearchText, searchWords, VISITOR_AUTHOR_ID } from './lead-record.ts';
import { decodeCursor, encodeCursor } from './postgres-cursor.ts';
import { insertOutbox } from './postgres-outbox.ts';
import type {
  LeadFilter,
  LeadLanguage,
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

interface LeadRow {
  seq: string;
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  slot: string | null;
  time_zone: string | null;
  language: LeadLanguage;
  source_page: string;
  status: LeadStatus;
  created_at: string;
  updated_at: string;
  requests: number;
  last_request_at: string;
}

async function insertNote(
  sql: Sql | TransactionSql,
  leadId: string,
  kind: LeadNote['kind'],
  text: string | null,
  author: NoteAuthor,
  now: number,
  call: Pick<NewLead, 'slot' | 'timeZone'> = { slot: null, timeZone: null },
): Promise<LeadNote> {
  const [row] = await sql<NoteRow[]>`
    INSERT INTO lead_notes (lead_id, kind, text, author_id, author_name, created_at, slot, time_zone)
    VALUES (${leadId}, ${kind}, ${text}, ${author.id}, ${author.name}, ${now}, ${call.slot},
            ${call.timeZone}) RETURNING *`;
  return toNote(row!);
}

/** A lead filter as SQL conditions joined with AND (`true` when it has none). */
function leadWhere(sql: Sql, filter: LeadFilter) {
  const conditions = [
    // strpos, not LIKE: no wildcards to escape; the needle is lower-cased like the text.
    ...searchWords(filter.search).map((word) => sql`strpos(search_text, ${word}) > 0`),
    ...(filter.status === undefined ? [] : [sql`status = ${filter.status}`]),
    ...(filter.from === undefined ? [] : [sql`created_at >= ${filter.from}`]),
    ...(filter.to === undefined ? [] : [sql`created_at < ${filter.to}`]),
    ...(filter.requestedFrom === undefined ? [] : [sql`last_request_at >= ${filter.requestedFrom}`]),
    ...(filter.sourcePage === undefined ? [] : [sql`source_page = ${filter.sourcePage}`]),
    ...(filter.language === undefined ? [] : [sql`language = ${filter.language}`]),
  ];
  return conditions.reduce((all, condition) => sql`${all} AND ${condition}`, sql`true`);
}

const toLead = (row: LeadRow): LeadRecord => ({
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  phone: row.phone,
  message: row.message,
  slot: row.slot,
  timeZone: row.time_zone,
  language: row.language,
  sourcePage: row.source_page,
  status: row.status,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
  requests: Number(row.requests),
  lastRequestAt: Number(row.last_request_at),
});

/**
 * The leads of a `PostgresStore`: the leads, their log (`lead_notes`) and each person's last
 * visit to the list (`lead_visits`). A lead and its notifications commit in one transaction.
 */
export class PostgresLeads implements LeadStore, LeadVisitStore, LeadNoteStore {
  readonly #run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

  constructor(run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>) {
    this.#run = run;
  }

  createLead(
    lead: NewLead,
    now: number,
    messages?: LeadMessages,
    status: NewLeadStatus = 'new',
  ): Promise<LeadRecord> {
    const request = { ...lead, email: normalizeEmail(lead.email) };
    // One transaction holding a lock on the address (every instance takes the same one): a
    // second request of the same address waits, then finds this lead. The lead, its log entry
    // and its notifications commit together, or none does.
    return this.#run((sql) =>
      sql.begin(async (sql) => {
        let row: LeadRow | undefined;
        if (request.email !== '') {
          await sql`SELECT pg_advisory_xact_lock(hashtext('voxdesk.lead.' || ${request.email}))`;
          [row] = await sql<LeadRow[]>`
            UPDATE leads SET requests = requests + 1,
              last_request_at = greatest(last_request_at, ${now}), updated_at = greatest(updated_at, ${now}),
              slot = coalesce(${request.slot}, slot),
              time_zone = CASE WHEN ${request.slot}::text IS NULL THEN time_zone ELSE ${request.timeZone} END,
              phone = coalesce(${request.phone}, phone), company = coalesce(${request.company}, company),
              search_text = search_text || ${`\n${repeatSearchText(request)}`}
            WHERE seq = (SELECT max(seq) FROM leads WHERE email = ${request.email})
            RETURNING *`;
        }
        if (row) {
          const author = { id: VISITOR_AUTHOR_ID, name: request.name };
          await insertNote(sql, row.id, 'request', request.message, author, now, request);
        } else {
          const id = `lead_${randomUUID().replace(/-/g, '')}`;
          [row] = await sql<LeadRow[]>`
            INSERT INTO leads (id, name, email, company, phone, message, slot, time_zone, language,
                               source_page, status, created_at, updated_at, search_text, last_request_at)
            VALUES (${id}, ${request.name}, ${request.email}, ${request.company}, ${request.phone},
                    ${request.message}, ${request.slot}, ${request.timeZone}, ${request.language},
                    ${request.sourcePage}, ${status}, ${now}, ${now}, ${leadSearchText(request)}, ${now})
            RETURNING *`;
        }
        const stored = toLead(row!);
        // A held lead's notifications wait for its release (releaseLead), repeats' too.
        if (stored.status !== 'held') await insertOutbox(sql, leadMessagesFor(messages, stored), now);
        return stored;
      }),
    );
  }

  listLeads({ limit, after, ...filter }: { limit: number; after?: string } & LeadFilter): Promise<LeadPage> {
    return this.#run(async (sql) => {
      const bound = after === undefined ? undefined : decodeCursor(after, 2);
      const rows = await sql<LeadRow[]>`
        SELECT * FROM leads WHERE ${leadWhere(sql, filter)}
        ${bound ? sql`AND (created_at, seq) < (${bound[0]!}, ${bound[1]!})` : sql``}
        ORDER BY created_at DESC, seq DESC LIMIT ${limit + 1}`;
      const leads = rows.slice(0, limit).map(toLead);
      const last = rows[limit - 1];
      return rows.length > limit && last
        ? { leads, next: encodeCursor([last.created_at, last.seq]) }
        : { leads };
    });
  }

  countLeads(filter: LeadFilter): Promise<number> {
    return this.#run(async (sql) => {
      const [row] = await sql<
        { count: string }[]
      >`SELECT count(*) AS count FROM leads WHERE ${leadWhere(sql, filter)}`;
      return Number(row!.count);
    });
  }

  deleteLead(id: string): Promise<void> {
    return this.#run(async (sql) => {
      const result = await sql`DELETE FROM leads WHERE id = ${id}`;
      if (result.count === 0) throw new LeadNotFoundError(id);
    });
  }

  anonymiseLead(id: string, now: number): Promise<LeadRecord> {
    return this.#run(async (sql) => {
      const [row] = await sql<LeadRow[]>`
        UPDATE leads SET name = 'Anonymised', email = '', company = NULL, phone = NULL, message = NULL,
          slot = NULL, time_zone = NULL, search_text = '', updated_at = greatest(updated_at, ${now})
        WHERE id = ${id} RETURNING *`;
      if (!row) throw new LeadNotFoundError(id);
      return toLead(row);
    });
  }

  findLead(id: string): Promise<LeadRecord> {
    return this.#run(async (sql) => {
      const [row] = await sql<LeadRow[]>`SELECT * FROM leads WHERE id = ${id}`;
      if (!row) throw new LeadNotFoundError(id);
      return toLead(row);
    });
  }

  addLeadNote(note: NewLeadNote, now: number): Promise<LeadNote> {
    const call = { slot: note.slot ?? null, timeZone: note.timeZone ?? null };
    return this.#run(async (sql) =>
      insertNote(sql, note.leadId, note.kind, note.text, note.author, now, call),
    );
  }

  listLeadNotes(leadId: string, limit: number): Promise<LeadNote[]> {
    return this.#run(async (sql) => {
      const rows = await sql<NoteRow[]>`
        SELECT * FROM (SELECT * FROM lead_notes WHERE lead_id = ${leadId} ORDER BY seq DESC LIMIT ${limit}) AS newest
        ORDER BY seq`;
      return rows.map(toNote);
    });
  }

  recordPrivacyAction(
    leadId: string,
    kind: 'anonymised' | 'deleted',
    author: NoteAuthor,
    now: number,
  ): Promise<LeadNote> {
    return this.#run((sql) =>
      sql.begin(async (tx) => {
        await tx`DELETE FROM lead_notes WHERE lead_id = ${leadId}`;
        return insertNote(tx, leadId, kind, null, author, now);
      }),
    );
  }

  recordLeadsVisit(userId: string, now: number, gapMs: number): Promise<number | null> {
    return this.#run(async (sql) => {
      // One statement, as on SQLite: a look more than gapMs after the last starts a new visit.
      const [row] = await sql<{ since: string | null }[]>`
        INSERT INTO lead_visits AS v (user_id, since, seen_at) VALUES (${userId}, NULL, ${now})
        ON CONFLICT (user_id) DO UPDATE SET
          since = CASE WHEN ${now}::bigint - v.seen_at > ${gapMs}::bigint THEN v.seen_at ELSE v.since END,
          seen_at = greatest(v.seen_at, ${now}::bigint)
        RETURNING since`;
      return row!.since === null ? null : Number(row!.since);
    });
  }

  setLeadStatus(id: string, status: LeadStatus, now: number): Promise<LeadRecord> {
    return this.#run(async (sql) => {
      const [row] = await sql<LeadRow[]>`
        UPDATE leads SET status = ${status}, updated_at = greatest(updated_at, ${now})
        WHERE id = ${id} RETURNING *`;
      if (!row) throw new LeadNotFoundError(id);
      return toLead(row);
    });
  }

  releaseLead(id: string, now: number, messages: LeadMessages): Promise<LeadRecord> {
    return this.#run((sql) =>
      sql.begin(async (sql) => {
        // Only a held lead: of two Admins releasing it at once, one gets the row (and the mail).
        const [row] = await sql<LeadRow[]>`
          UPDATE leads SET status = 'new', updated_at = greatest(updated_at, ${now})
          WHERE id = ${id} AND status = 'held' RETURNING *`;
        if (!row) {
          const [exists] = await sql`SELECT 1 FROM leads WHERE id = ${id}`;
          throw exists ? new LeadNotHeldError(id) : new LeadNotFoundError(id);
        }
        // The owner hears of it for the first time, whatever repeats it collected while held.
        await insertOutbox(sql, leadMessagesFor(messages, { requests: 1 }), now);
        return toLead(row);
      }),
    );
  }

  deleteLeadsCreatedBefore(cutoff: number): Promise<number> {
    return this.#run(async (sql) => (await sql`DELETE FROM leads WHERE created_at < ${cutoff}`).count);
  }
}
