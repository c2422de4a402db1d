import type { JSONValue, Sql } from 'postgres';
import { decodeCursor, encodeCursor } from './postgres-cursor.ts';
import type { CallReportPage, CallReportRecord, CallReportStore, CallTurn } from './types.ts';

interface CallReportRow {
  seq: string;
  call_id: string;
  assistant_id: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
  ended_reason: string | null;
  cost: number | null;
  summary: string | null;
  transcript: string;
  recording_url: string | null;
  client_id: string | null;
  receptionist: string | null;
  preview: boolean;
  received_at: string;
}

const toCallReport = (row: CallReportRow): CallReportRecord => ({
  callId: row.call_id,
  assistantId: row.assistant_id,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  durationSeconds: row.duration_seconds,
  endedReason: row.ended_reason,
  cost: row.cost,
  summary: row.summary,
  transcript: row.transcript,
  recordingUrl: row.recording_url,
  clientId: row.client_id,
  receptionist: row.receptionist,
  preview: row.preview,
  receivedAt: Number(row.received_at),
});

/** The demo-call reports of a `PostgresStore` (table `call_reports`). */
export class PostgresCallReports implements CallReportStore {
  readonly #run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

  constructor(run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>) {
    this.#run = run;
  }

  saveCallReport(r: CallReportRecord): Promise<boolean> {
    return this.#run(async (sql) => {
      // why: the turns are plain JSON (speaker, text, times), which postgres.js's JSONValue
      // type cannot see through an interface.
      const turns = r.turns ? sql.json(r.turns as unknown as JSONValue) : null;
      const result = await sql`
        INSERT INTO call_reports (call_id, assistant_id, started_at, ended_at, duration_seconds,
                                  ended_reason, cost, summary, transcript, received_at,
                                  recording_url, client_id, receptionist, preview, turns)
        VALUES (${r.callId}, ${r.assistantId}, ${r.startedAt}, ${r.endedAt}, ${r.durationSeconds},
                ${r.endedReason}, ${r.cost}, ${r.summary}, ${r.transcript}, ${r.receivedAt},
                ${r.recordingUrl ?? null}, ${r.clientId ?? null}, ${r.receptionist ?? null},
                ${r.preview ?? false}, ${turns})
        ON CONFLICT (call_id) DO NOTHING`;
      return result.count === 1;
    });
  }

  findCallReport(callId: string): Promise<CallReportRecord | undefined> {
    return this.#run(async (sql) => {
      const [row] = await sql<(CallReportRow & { turns: CallTurn[] | null })[]>`
        SELECT * FROM call_reports WHERE call_id = ${callId}`;
      return row ? { ...toCallReport(row), turns: row.turns ?? null } : undefined;
    });
  }

  listCallReports({
    limit,
    before,
    clientId,
  }: {
    limit: number;
    before?: string;
    clientId?: string;
  }): Promise<CallReportPage> {
    return this.#run(async (sql) => {
      const bound = before === undefined ? undefined : decodeCursor(before, 2);
      const rows = await sql<CallReportRow[]>`
        SELECT * FROM call_reports
        WHERE ${clientId === undefined ? sql`TRUE` : sql`client_id = ${clientId}`}
        ${bound ? sql`AND (received_at, seq) < (${bound[0]!}, ${bound[1]!})` : sql``}
        ORDER BY received_at DESC, seq DESC LIMIT ${limit + 1}`;
      const reports = rows.slice(0, limit).map(toCallReport);
      const last = rows[limit - 1];
      return rows.length > limit && last
        ? { reports, next: encodeCursor([last.received_at, last.seq]) }
        : { reports };
    });
  }
}
