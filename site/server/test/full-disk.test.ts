// @vitest-environment node
// Issue 26 H2: the site server (its own process) on a SQLite file that cannot grow (`ulimit -f`,
// a real full filesystem for that process). Nothing may answer 2xx without being stored, and
// the login throttle must fail closed: no unlimited guessing, no oracle on the right password.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { endOfCallReport, postSignedEvent } from './signed-report.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner password for the full disk' };
const CLIENT = { name: 'Carl', email: 'carl@example.com', password: 'carl password for the full disk' };
const WEBHOOK_SECRET = 'full-disk-webhook-secret';

let server: ServerProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, json: unknown, cookie?: string) =>
  fetch(`${server!.url}${path}`, {
    method: 'POST',
    headers: { origin: server!.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(json),
  });

async function deliverReport(callId: string): Promise<number> {
  const body = endOfCallReport(callId, {
    assistantId: 'asst_any',
    transcript: `AI: Hello ${callId}\n${'User: a long answer. '.repeat(1_000)}`,
  });
  const response = await postSignedEvent(server!.url, WEBHOOK_SECRET, body);
  await response.arrayBuffer();
  return response.status;
}

describe('the site on a full disk (SQLite)', () => {
  it('answers 2xx only for stored reports, and logins fail closed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxdesk-full-site-'));
    const dbPath = join(dir, 'voxdesk.db');
    server = await startServerProcess(
      'full-disk',
      {
        VOXDESK_DB: dbPath,
        SESSION_SECRET: 'full-disk-session-secret-0123456789abcdef',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        VAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      20_000,
      // ~384 KiB per file: room for the schema and a few reports, not for 40 of ~21 KB.
      768,
    );
    const login = await post('/api/session', ADMIN);
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await post('/api/clients', CLIENT, cookie)).status).toBe(201);

    const answered: [string, number][] = [];
    for (let i = 0; i < 40; i++) answered.push([`call-full-${i}`, await deliverReport(`call-full-${i}`)]);
    const acknowledged = answered.filter(([, status]) => status < 300).map(([id]) => id);
    const db = new DatabaseSync(dbPath, { readOnly: true });
    const stored = new Set(
      (db.prepare('SELECT call_id AS id FROM call_reports').all() as { id: string }[]).map((row) => row.id),
    );
    db.close();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // The limit did bite, and the refusals were errors Vapi retries, not silent successes.
    expect(stored.size).toBeLessThan(40);
    expect(answered.filter(([, status]) => status >= 300).every(([, status]) => status >= 500)).toBe(true);

    // 40 wrong passwords from one address, then the right one.
    const wrong: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await post('/api/session', { email: CLIENT.email, password: `wrong guess ${i}` });
      wrong.push(response.status);
    }
    const right = await post('/api/session', { email: CLIENT.email, password: CLIENT.password });
    expect(wrong.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(right.status).not.toBe(200);
    expect(right.status).toBe(wrong.at(-1));
  }, 60_000);
});
