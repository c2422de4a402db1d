import type { DatabaseSync } from 'node:sqlite';
import type { PublishedSample, PublishedSampleInfo, PublishedSampleStore } from './types.ts';

const INFO_COLUMNS = `industry, call_id AS callId, content_type AS contentType, length(audio) AS bytes,
  consent_by_id AS consentById, consent_by_name AS consentByName, consent_at AS consentAt,
  published_at AS publishedAt`;

interface InfoRow {
  industry: string;
  callId: string;
  contentType: string;
  bytes: number;
  consentById: string;
  consentByName: string;
  consentAt: number;
  publishedAt: number;
}

const toInfo = (row: InfoRow): PublishedSampleInfo => ({
  industry: row.industry,
  callId: row.callId,
  contentType: row.contentType,
  bytes: Number(row.bytes),
  consentBy: { id: row.consentById, name: row.consentByName },
  consentAt: Number(row.consentAt),
  publishedAt: Number(row.publishedAt),
});

/** The published samples of a `SqliteStore` (also in Airtable mode: the local file). */
export class SqlitePublishedSamples implements PublishedSampleStore {
  readonly #db: () => DatabaseSync;

  constructor(db: () => DatabaseSync) {
    this.#db = db;
  }

  async publishSample(s: PublishedSample): Promise<void> {
    // One statement: a second publish of the industry replaces the first.
    this.#db()
      .prepare(
        `INSERT INTO published_samples (industry, call_id, content_type, audio, vtt, consent_by_id,
                                        consent_by_name, consent_at, published_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (industry) DO UPDATE SET call_id = excluded.call_id,
           content_type = excluded.content_type, audio = excluded.audio, vtt = excluded.vtt,
           consent_by_id = excluded.consent_by_id, consent_by_name = excluded.consent_by_name,
           consent_at = excluded.consent_at, published_at = excluded.published_at`,
      )
      .run(
        s.industry,
        s.callId,
        s.contentType,
        s.audio,
        s.vtt,
        s.consentBy.id,
        s.consentBy.name,
        s.consentAt,
        s.publishedAt,
      );
  }

  async findPublishedSample(industry: string): Promise<PublishedSample | undefined> {
    const row = this.#db()
      .prepare(`SELECT ${INFO_COLUMNS}, audio, vtt FROM published_samples WHERE industry = ?`)
      .get(industry) as (InfoRow & { audio: Uint8Array; vtt: string }) | undefined;
    return row ? { ...toInfo(row), audio: new Uint8Array(row.audio), vtt: row.vtt } : undefined;
  }

  async listPublishedSamples(): Promise<PublishedSampleInfo[]> {
    // why: node:sqlite types rows as records of SQL values; these columns are InfoRow's.
    const rows = this.#db()
      .prepare(`SELECT ${INFO_COLUMNS} FROM published_samples ORDER BY industry`)
      .all() as unknown as InfoRow[];
    return rows.map(toInfo);
  }

  async unpublishSample(industry: string): Promise<boolean> {
    const result = this.#db().prepare('DELETE FROM published_samples WHERE industry = ?').run(industry);
    return Number(result.changes) > 0;
  }
}
