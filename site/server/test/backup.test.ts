// @vitest-environment node
// Issue 26: an online backup of the embedded SQLite database, taken while the server runs and
// writes, and its restore, proved by logging in on a server started on the restored file.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_CACHE_ENV, startServerProcess, type ServerProcess } from './server-process.ts';

const CLI = join(import.meta.dirname, '..', 'backup-cli.ts');
const ADMIN = { email: 'owner@example.com', password: 'owner keeps a backup' };
const CARL = { name: 'Carl', email: 'carl@example.com', password: 'carl was here before' };
const LATE = { name: 'Late', email: 'late@example.com', password: 'late came after it' };

let server: ServerProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['--conditions=source', CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', ...COMPILE_CACHE_ENV, ...env },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  );

const post = (path: string, json: unknown, cookie?: string) =>
  fetch(`${server!.url}${path}`, {
    method: 'POST',
    headers: { origin: server!.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(json),
  });

describe('backup and restore of the SQLite database', () => {
  it('backs up while the server writes, restores, and the restored accounts log in', async () => {
    dir = mkdtempSync(join(tmpdir(), 'voxdesk-backup-'));
    const env = {
      VOXDESK_DB: join(dir, 'data', 'voxdesk.db'),
      SESSION_SECRET: 'backup-test-session-secret-0123456789abcdef',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const backupFile = join(dir, 'voxdesk-backup.db');
    server = await startServerProcess('backup', env);
    const login = await post('/api/session', ADMIN);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await post('/api/clients', CARL, cookie)).status).toBe(201);

    // Writes keep landing (throttle counters of wrong logins) while the backup runs.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++)
        await post('/api/session', { email: `x${i}@example.com`, password: 'nope' });
    })();
    const backedUp = await run(['backup', backupFile], env);
    writing = false;
    await writer;
    expect(backedUp).toMatchObject({ code: 0, out: expect.stringContaining('Backed up') });
    expect((await run(['backup', backupFile], env)).out).toContain('already exists');

    expect((await post('/api/clients', LATE, cookie)).status).toBe(201);
    await server.stop();
    // The data is lost: the database and its write-ahead log.
    rmSync(join(dir, 'data'), { recursive: true, force: true });
    writeFileSync(join(dir, 'not-a-db'), 'hello');
    expect((await run(['restore', join(dir, 'not-a-db')], env)).code).not.toBe(0);
    const restored = await run(['restore', backupFile], env);
    expect(restored).toMatchObject({ code: 0, out: expect.stringContaining('Restored') });

    server = await startServerProcess('restored', env);
    expect((await post('/api/session', CARL)).status).toBe(200);
    expect((await post('/api/session', ADMIN)).status).toBe(200);
    expect((await post('/api/session', LATE)).status).toBe(401);
  }, 90_000);
});
