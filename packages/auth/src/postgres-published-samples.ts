import type { Sql } from 'postgres';
import type { PublishedSample, PublishedSampleInfo, PublishedSampleStore } from './types.ts';

interface InfoRow {
  industry: string;
  call_id: string;
  content_type: string;
  bytes: number | string;
  consent_by_id: string;
  consent_by_name: string;
  consent_at: string;
  published_at: string;
}

const toInfo = (row: InfoRow): PublishedSampleInfo => ({
  industry: row.industry,
  callId: row.call_id,
  contentType: row.content_type,
  bytes: Number(row.bytes),
  consentBy: { id: row.consent_by_id, name: row.consent_by_name },
  consentAt: Number(row.consent_at),
  publishedAt: Number(row.published_at),
});

/** The published samples of a `PostgresStore`; `run` migrates first and wraps the driver's errors. */
export class PostgresPublishedSamples implements PublishedSampleStore {
  readonly #run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

  constructor(run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>) {
    this.#run = run;
  }

  publishSample(s: PublishedSample): Promise<void> {
    return this.#run(async (sql) => {
      await sql`
        INSERT INTO published_samples (industry, call_id, content_type, audio, vtt, consent_by_id,
                                       consent_by_name, consent_at, published_at)
        VALUES (${s.industry}, ${s.callId}, ${s.contentType}, ${Buffer.from(s.audio)}, ${s.vtt},
                ${s.consentBy.id}, ${s.consentBy.name}, ${s.consentAt}, ${s.publishedAt})
        ON CONFLICT (industry) DO UPDATE SET call_id = excluded.call_id,
          content_type = excluded.content_type, audio = excluded.audio, vtt = excluded.vtt,
          consent_by_id = excluded.consent_by_id, consent_by_name = excluded.consent_by_name,
          consent_at = excluded.consent_at, published_at = excluded.published_at`;
    });
  }

  findPublishedSample(industry: string): Promise<PublishedSample | undefined> {
    return this.#run(async (sql) => {
      const [row] = await sql<(InfoRow & { audio: Buffer; vtt: string })[]>`
        SELECT *, octet_length(audio) AS bytes FROM published_samples WHERE industry = ${industry}`;
      return row ? { ...toInfo(row), audio: new Uint8Array(row.audio), vtt: row.vtt } : undefined;
    });
  }

  listPublishedSamples(): Promise<PublishedSampleInfo[]> {
    return this.#run(async (sql) => {
      const rows = await sql<InfoRow[]>`
        SELECT industry, call_id, content_type, octet_length(audio) AS bytes, consent_by_id,
               consent_by_name, consent_at, published_at
        FROM published_samples ORDER BY industry`;
      return rows.map(toInfo);
    });
  }

  unpublishSample(industry: string): Promise<boolean> {
    return this.#run(async (sql) => {
      const result = await sql`DELETE FROM published_samples WHERE industry = ${industry}`;
      return result.count > 0;
    });
  }
}
