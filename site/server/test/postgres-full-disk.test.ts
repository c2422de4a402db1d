// @vitest-environment node
// Issue 26: the site server (its own process) on a PostgreSQL whose data folder is on a small
// tmpfs that the test fills. Nothing may answer 2xx without being stored, logins fail closed,
// and once space is freed the same server stores again. Needs root (mount); otherwise skipped
// with the reason printed.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresStore, type LeadRecord } from '@voxdesk/auth';
import { startTestPostgres, type TestPostgres } from '@voxdesk/auth/testing/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { endOfCallReport, postSignedEvent } from './signed-report.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner password for the full disk' };
const CLIENT = { email: 'carl@example.com', password: 'carl password for the full disk' };
const WEBHOOK_SECRET = 'full-disk-webhook-secret';

/** A tmpfs of `size` at a new folder, or why it cannot be had here. */
function mountTmpfs(size: string): { dir: string } | { reason: string } {
  if (process.getuid?.() !== 0) return { reason: 'not root: mount needs root' };
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-pg-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: `mount -t tmpfs is not permitted here: ${String((error as Error).message).trim()}` };
  }
}

/** Writes zeros into `path` until the filesystem is full. */
function fillDisk(path: string): number {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

const mounted = mountTmpfs('96m');
if ('reason' in mounted) console.log(`postgres-full-disk: skipped (${mounted.reason})`);

let pg: TestPostgres | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  await pg?.stop();
  if ('dir' in mounted) {
    try {
      execFileSync('umount', ['-l', mounted.dir], { stdio: 'ignore' });
    } catch {
      // already gone
    }
    rmSync(mounted.dir, { recursive: true, force: true });
  }
});

const request = (method: string, path: string, json: unknown, cookie?: string) =>
  fetch(`${server!.url}${path}`, {
    method,
    headers: { origin: server!.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(json),
  });

async function deliverReport(callId: string): Promise<number> {
  const body = endOfCallReport(callId, {
    assistantId: 'asst_any',
    // Random text, so TOAST cannot compress it away: each report needs new pages.
    transcript: `AI: Hello ${callId}\n${Array.from({ length: 3_000 }, () => Math.random().toString(36).slice(2)).join(' ')}`,
  });
  const response = await postSignedEvent(server!.url, WEBHOOK_SECRET, body);
  await response.arrayBuffer();
  return response.status;
}

describe.skipIf('reason' in mounted)('the site on a full disk (PostgreSQL on a full tmpfs)', () => {
  it('answers 2xx only for what it stored, logins fail closed, and it recovers once space is freed', async () => {
    const dir = (mounted as { dir: string }).dir;
    pg = await startTestPostgres({ durable: true, parentDir: dir });
    server = await startServerProcess(
      'pg-full-disk',
      {
        DATABASE_URL: pg.url,
        // A busy shared machine: the migrations at start take longer than the default 1.2 s.
        DATABASE_STATEMENT_TIMEOUT_MS: '15000',
        SESSION_SECRET: 'full-disk-session-secret-0123456789abcdef',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        VAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      60_000,
    );
    const login = await request('POST', '/api/session', ADMIN);
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await request('POST', '/api/clients', { name: 'Carl', ...CLIENT }, cookie)).status).toBe(201);
    const store = new PostgresStore({ url: pg.url });
    let lead: LeadRecord;
    try {
      lead = await store.leads.createLead(
        {
          name: 'Arta',
          email: 'arta@example.al',
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
    } finally {
      await store.close();
    }

    const filler = join(dir, 'filler');
    const filled = fillDisk(filler);

    const reports: [string, number][] = [];
    for (let i = 0; i < 30; i++)
      reports.push([`call-pg-full-${i}`, await deliverReport(`call-pg-full-${i}`)]);
    const statuses = ['contacted', 'closed', 'contacted', 'closed', 'contacted', 'invited'] as const;
    const changes: number[] = [];
    for (const status of statuses) {
      changes.push((await request('PATCH', `/api/leads/${lead.id}`, { status }, cookie)).status);
    }
    const wrong: number[] = [];
    for (let i = 0; i < 20; i++) {
      wrong.push(
        (await request('POST', '/api/session', { email: CLIENT.email, password: `wrong ${i}` })).status,
      );
    }
    const right = await request('POST', '/api/session', CLIENT);

    rmSync(filler);
    // The same server stores again once there is room (the pool reconnects if PostgreSQL restarted).
    let recovered = 0;
    for (let i = 0; i < 60 && recovered !== 200; i++) {
      recovered = await deliverReport(`call-pg-after-${i}`);
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    const check = new PostgresStore({ url: pg.url });
    try {
      const stored = new Set<string>();
      for (const [id] of reports) if (await check.callReports.findCallReport(id)) stored.add(id);
      const acknowledged = reports.filter(([, status]) => status < 300).map(([id]) => id);
      const notes = await check.leadNotes.listLeadNotes(lead.id, 100);
      const final = await check.leads.findLead(lead.id);
      console.log(
        `postgres-full-disk: filled ${(filled / 2 ** 20).toFixed(1)} MiB; reports ${acknowledged.length} × 2xx, ` +
          `${stored.size} stored, refused ${JSON.stringify(reports.filter(([, s]) => s >= 300).map(([, s]) => s))}; ` +
          `status changes ${JSON.stringify(changes)}; wrong logins ${JSON.stringify(wrong)}, right ${right.status}; ` +
          `recovered: ${recovered}`,
      );
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      // The disk did fill: some were refused, as errors Vapi retries.
      expect(stored.size).toBeLessThan(reports.length);
      expect(reports.filter(([, s]) => s >= 300).every(([, s]) => s >= 500)).toBe(true);
      // Each acknowledged status change is in the lead's log; the last one is the lead's status.
      const acknowledgedChanges = statuses.filter((_, i) => changes[i]! < 300);
      expect(notes.filter((n) => n.kind === 'status').map((n) => n.text)).toEqual(
        expect.arrayContaining([...acknowledgedChanges]),
      );
      const lastAcknowledged = changes.findLastIndex((s) => s < 300);
      if (lastAcknowledged === changes.length - 1) expect(final.status).toBe(statuses.at(-1));
      expect(changes.every((s) => s < 300 || s >= 500)).toBe(true);
      // Fail closed: at most 5 wrong passwords checked, and the right one never lets in.
      expect(wrong.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(right.status).not.toBe(200);
      expect(recovered).toBe(200);
    } finally {
      await check.close();
    }
  }, 240_000);
});
