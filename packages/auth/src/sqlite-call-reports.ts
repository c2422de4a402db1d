import type { StatementSync } from 'node:sqlite';
import { BadCursorError } from './errors.ts';
import type { CallReportPage, CallReportRecord, CallReportStore, CallTurn } from './types.ts';

const CALL_REPORT_COLUMNS = `seq, call_id AS callId, assistant_id AS assistantId, started_at AS startedAt,
  ended_at AS endedAt, duration_seconds AS durationSeconds, ended_reason AS endedReason, cost, summary,
  transcript, recording_url AS recordingUrl, client_id AS clientId, receptionist, preview,
  received_at AS receivedAt`;

const SQL = {
  // One statement: of N parallel deliveries of one report exactly one gets a row back.
  saveCallReport: `INSERT INTO call_reports (call_id, assistant_id, started_at, ended_at, duration_seconds,
                     ended_reason, cost, summary, transcript, received_at, recording_url, client_id,
                     receptionist, preview, turns)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT (call_id) DO NOTHING RETURNING seq`,
  // `?1 IS NULL`: every client's calls; otherwise that client's only.
  listCallReports: `SELECT ${CALL_REPORT_COLUMNS} FROM call_reports WHERE (?1 IS NULL OR client_id = ?1)
                    ORDER BY received_at DESC, seq DESC LIMIT ?2`,
  findCallReport: `SELECT ${CALL_REPORT_COLUMNS}, turns FROM call_reports WHERE call_id = ?`,
  listCallReportsBefore: `SELECT ${CALL_REPORT_COLUMNS} FROM call_reports
                          WHERE (?1 IS NULL OR client_id = ?1) AND (received_at, seq) < (?2, ?3)
                          ORDER BY received_at DESC, seq DESC LIMIT ?4`,
} as const;

/** The opaque call-report cursor: base64url of `<receivedAt>.<seq>` of the last report shown. */
const callReportCursor = (receivedAt: number, seq: number) =>
  Buffer.from(`${receivedAt}.${seq}`).toString('base64url');

function parseCallReportCursor(cursor: string): [receivedAt: number, seq: number] {
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  const parts = match ? [Number(match[1]), Number(match[2])] : [];
  if (
    parts.length !== 2 ||
    !parts.every(Number.isSafeInteger) ||
    callReportCursor(parts[0]!, parts[1]!) !== cursor
  )
    throw new BadCursorError();
  return parts as [number, number];
}

/** The demo-call reports of a `SqliteStore` (table `call_reports`). */
export class SqliteCallReports implements CallReportStore {
  /** The store's statement cache (prepared once per connection). */
  readonly #prepare: (sql: string) => StatementSync;

  constructor(prepare: (sql: string) => StatementSync) {
    this.#prepare = prepare;
  }

  async saveCallReport(r: CallReportRecord): Promise<boolean> {
    // all(), never get(): get() ignores a failed commit (a full disk loses the report silently).
    const rows = this.#prepare(SQL.saveCallReport).all(
      r.callId,
      r.assistantId,
      r.startedAt,
      r.endedAt,
      r.durationSeconds,
      r.endedReason,
      r.cost,
      r.summary,
      r.transcript,
      r.receivedAt,
      r.recordingUrl ?? null,
      r.clientId ?? null,
      r.receptionist ?? null,
      r.preview ? 1 : 0,
      r.turns ? JSON.stringify(r.turns) : null,
    );
    return rows.length > 0;
  }

  async findCallReport(callId: string): Promise<CallReportRecord | undefined> {
    const row = this.#prepare(SQL.findCallReport).get(callId) as
      | (Omit<CallReportRecord, 'preview' | 'turns'> & { seq: number; preview: number; turns: string | null })
      | undefined;
    if (!row) return undefined;
    const { seq: _seq, preview, turns, ...report } = row;
    return { ...report, preview: preview === 1, turns: turns ? (JSON.parse(turns) as CallTurn[]) : null };
  }

  async listCallReports({
    limit,
    before,
    clientId,
  }: {
    limit: number;
    before?: string;
    clientId?: string;
  }): Promise<CallReportPage> {
    const client = clientId ?? null;
    // why: node:sqlite types rows as generic records; the query selects exactly these columns.
    const rows = (before === undefined
      ? this.#prepare(SQL.listCallReports).all(client, limit + 1)
      : this.#prepare(SQL.listCallReportsBefore).all(
          client,
          ...parseCallReportCursor(before),
          limit + 1,
        )) as unknown as (Omit<CallReportRecord, 'preview'> & { seq: number; preview: number })[];
    const reports = rows
      .slice(0, limit)
      .map(({ seq: _seq, preview, ...report }) => ({ ...report, preview: preview === 1 }));
    const last = rows[limit - 1];
    return rows.length > limit && last
      ? { reports, next: callReportCursor(last.receivedAt, last.seq) }
      : { reports };
  }
}
