// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { issueFormToken } from '../form-token.ts';
import { resolveSessionSecret } from '../session-secret.ts';
import { startServer } from '../start.ts';
import { endOfCallReport, postSignedEvent } from './signed-report.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-start-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'client'));
  writeFileSync(join(dir, 'client', 'index.html'), '<h1>Home</h1>');
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A login that sends its body only when told, after the server has taken the request. */
function loginAfterContinue(url: string, email: string, password: string) {
  const body = JSON.stringify({ email, password });
  const req = request(`${url}/api/session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: url,
      expect: '100-continue',
    },
  });
  const taken = new Promise<void>((resolve) => req.once('continue', resolve));
  const status = new Promise<number | undefined>((resolve, reject) => {
    req.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode));
    });
    req.once('error', reject);
  });
  req.flushHeaders();
  return { taken, status, sendBody: () => req.end(body) };
}

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });

describe('startServer', () => {
  it('creates the first Admin from a generated password printed once, and keeps the secret in the data dir', async () => {
    const dir = tempDir();
    const printed: string[] = [];
    const logs: unknown[] = [];
    const config = loadConfig({ PORT: '0', VOXDESK_DB: 'data/voxdesk.db' }, dir);
    const server = await startServer(config, {
      clientDir: join(dir, 'client'),
      print: (m) => printed.push(m),
      log: (l) => logs.push(l),
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(printed).toHaveLength(1);
      const password = /password: (\S+)/.exec(printed[0]!)![1]!;
      expect(printed[0]).toContain('email:    admin@voxdesk.local');
      expect((await login(server.url, 'admin@voxdesk.local', password)).status).toBe(200);
      const secretFile = join(dir, 'data', 'session-secret');
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(secretFile, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(logs)).toContain('SESSION_SECRET is not set');
      expect(JSON.stringify(logs)).toContain(
        'VAPI_WEBHOOK_SECRET is not set: POST /api/vapi/events answers 503',
      );
    } finally {
      await server.close();
    }

    // Second start: same store, nothing printed, same secret reused.
    const again = await startServer(config, {
      clientDir: join(dir, 'client'),
      print: (m) => printed.push(m),
      log: () => {},
    });
    await again.close();
    expect(printed).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL / ADMIN_PASSWORD when given', async () => {
    const dir = tempDir();
    const printed: string[] = [];
    const config = loadConfig(
      {
        PORT: '0',
        VOXDESK_DB: 'voxdesk.db',
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'boss keeps the keys',
        SESSION_SECRET: 'x'.repeat(40),
      },
      dir,
    );
    const server = await startServer(config, {
      clientDir: join(dir, 'client'),
      print: (m) => printed.push(m),
      log: () => {},
    });
    try {
      expect(printed).toEqual([
        'Created the first Admin account boss@example.com (password from ADMIN_PASSWORD).',
      ]);
      expect((await login(server.url, 'boss@example.com', 'boss keeps the keys')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('lets an in-flight request finish on close, then refuses new connections', async () => {
    const dir = tempDir();
    const config = loadConfig(
      {
        PORT: '0',
        VOXDESK_DB: 'voxdesk.db',
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'boss keeps the keys',
      },
      dir,
    );
    const server = await startServer(config, {
      clientDir: join(dir, 'client'),
      print: () => {},
      log: () => {},
    });
    // In flight for sure when close() starts: the server has taken the request (its 100
    // Continue), and its body, the login and its hash all come after (a 20 ms sleep did not
    // always get the request there at load).
    const inFlight = loginAfterContinue(server.url, 'boss@example.com', 'boss keeps the keys');
    await inFlight.taken;
    const closed = server.close();
    inFlight.sendBody();
    expect(await inFlight.status).toBe(200);
    await closed;
    await expect(fetch(`${server.url}/api/config`)).rejects.toThrow();
  });
});

describe('startServer with LEADS_PER_HOUR', () => {
  it('stores that many leads an hour from one address, then answers 429', async () => {
    const dir = tempDir();
    const secret = 'z'.repeat(32);
    const config = loadConfig(
      { PORT: '0', VOXDESK_DB: 'data/voxdesk.db', SESSION_SECRET: secret, LEADS_PER_HOUR: '2' },
      dir,
    );
    const server = await startServer(config, {
      clientDir: join(dir, 'client'),
      print: () => {},
      log: () => {},
    });
    try {
      const post = () =>
        fetch(`${server.url}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({
            name: 'Bo Owner',
            email: 'bo@example.com',
            message: 'Call me.',
            language: 'en',
            sourcePage: '/',
            // Issued a while ago, as a person fills the form in.
            formToken: issueFormToken(secret, Date.now() - 10_000),
          }),
        });
      expect([(await post()).status, (await post()).status, (await post()).status]).toEqual([201, 201, 429]);
    } finally {
      await server.close();
    }
  });
});

describe('resolveSessionSecret', () => {
  it('prefers SESSION_SECRET and writes nothing', () => {
    const dir = tempDir();
    const warnings: string[] = [];
    expect(resolveSessionSecret('y'.repeat(32), join(dir, 'data'), (w) => warnings.push(w))).toBe(
      'y'.repeat(32),
    );
    expect(warnings).toEqual([]);
    expect(() => statSync(join(dir, 'data'))).toThrow();
  });

  it('with VAPI_WEBHOOK_SECRET, POST /api/vapi/events verifies and stores the demo assistants’ reports only', async () => {
    const dir = tempDir();
    const logs: unknown[] = [];
    const secret = 'whsec-start-test-0123456789';
    const config = loadConfig(
      {
        PORT: '0',
        VOXDESK_DB: 'data/voxdesk.db',
        ADMIN_PASSWORD: 'long enough for twelve',
        VAPI_WEBHOOK_SECRET: secret,
        VAPI_ASSISTANT_ID: 'asst_demo',
        VAPI_ASSISTANT_ID_LAW_FIRMS: 'asst_law',
      },
      dir,
    );
    const server = await startServer(config, {
      clientDir: join(dir, 'client'),
      print: () => {},
      log: (l) => logs.push(l),
    });
    try {
      expect(JSON.stringify(logs)).not.toContain('VAPI_WEBHOOK_SECRET is not set');
      for (const [assistantId, callId] of [
        ['asst_demo', 'call-demo'],
        ['asst_other', 'call-other'],
        ['asst_law', 'call-law'],
      ]) {
        const response = await postSignedEvent(
          server.url,
          { type: 'bearer', token: secret },
          endOfCallReport(callId!, { assistantId: assistantId!, analysis: { summary: 'ok' } }),
        );
        expect(response.status).toBe(200);
      }
      const admin = await login(server.url, 'admin@voxdesk.local', 'long enough for twelve');
      const cookie = admin.headers.getSetCookie()[0]!.split(';')[0]!;
      const calls = await fetch(`${server.url}/api/admin/demo-calls`, { headers: { cookie } });
      expect(await calls.json()).toMatchObject({
        source: 'reports',
        calls: [
          { id: 'call-law', summary: 'ok' },
          { id: 'call-demo', summary: 'ok' },
        ],
      });
    } finally {
      await server.close();
    }
  });
});
