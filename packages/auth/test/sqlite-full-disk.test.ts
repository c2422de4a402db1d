// @vitest-environment node
// A real full filesystem, not SQLite's max_page_count (which makes .get() throw and so hides
// the bug): the writer runs in a child process under `ulimit -f`, and every write the store
// acknowledged must be in the file afterwards.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/sqlite-store.ts';

const WRITER = join(import.meta.dirname, 'fixtures', 'full-disk-writer.ts');

interface WriterResult {
  acknowledged: { attempts: { key: string; count: number }[]; reports: string[]; statuses: string[] };
}

describe('SqliteStore on a full filesystem', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('acknowledges only writes that are stored (throttle counters, call reports, lead status)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxdesk-full-'));
    const path = join(dir, 'voxdesk.db');
    const seed = new SqliteStore(path);
    for (let i = 0; i < 100; i++) {
      await seed.leads.createLead(
        {
          name: `Lead ${i}`,
          email: `lead${i}@example.com`,
          company: null,
          phone: null,
          message: null,
          slot: null,
          timeZone: null,
          language: 'en',
          sourcePage: '/',
        },
        Date.now(),
      );
    }
    await seed.close();
    // Room for ~160 KiB more in any one file (ulimit -f counts 512-byte blocks in sh).
    const blocks = Math.ceil(statSync(path).size / 512) + 320;
    const output = execFileSync(
      'sh',
      ['-c', `ulimit -f ${blocks}; exec "$0" "$1" "$2"`, process.execPath, WRITER, path],
      { encoding: 'utf8' },
    );
    const { acknowledged } = JSON.parse(output) as WriterResult;

    const db = new DatabaseSync(path);
    // The limit did bite: far fewer than the 100 reports written fit.
    expect((db.prepare('SELECT count(*) AS n FROM call_reports').get() as { n: number }).n).toBeLessThan(50);
    const missing: string[] = [];
    for (const { key, count } of acknowledged.attempts) {
      const row = db.prepare('SELECT count FROM attempts WHERE key = ?').get(key) as
        { count: number } | undefined;
      if (!row || row.count < count) missing.push(`attempt ${key}`);
    }
    for (const callId of acknowledged.reports) {
      if (!db.prepare('SELECT 1 FROM call_reports WHERE call_id = ?').get(callId))
        missing.push(`report ${callId}`);
    }
    for (const id of acknowledged.statuses) {
      const row = db.prepare('SELECT status FROM leads WHERE id = ?').get(id) as { status: string };
      if (row.status !== 'contacted') missing.push(`status ${id}`);
    }
    db.close();
    expect(missing).toEqual([]);
  }, 30_000);
});
