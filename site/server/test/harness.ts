// A real server on 127.0.0.1:0 over a temp SQLite file and a tiny built-site folder, and a
// fetch client that keeps cookies the way a browser does (from real Set-Cookie headers).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Accounts, hashPassword, SqliteStore } from '@voxdesk/auth';
import { AfterAnswer } from '../after-answer.ts';
import { createApp, type AppOptions } from '../app.ts';
import type { LogLine } from '../request-log.ts';
import { OutboxSender } from '../mail/sender.ts';
import { createMail, DEFAULT_MAIL_FROM, type Mail, type MailSettings } from '../mail/settings.ts';

export const SECRET = 'test-session-secret-0123456789abcdef-0123456789';
export const FAST_SCRYPT = { N: 1024, r: 8, p: 1 };
export const admin = { name: 'Ada Admin', email: 'ada@example.com', password: 'admin password for tests' };
export const client = {
  name: 'Carl Client',
  email: 'carl@example.com',
  password: 'client password for tests',
};

/** A stand-in for `dist/client`: prerendered page, SPA shell, one hashed asset. */
function writeClientDir(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'chatbot'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title><h1>Home page</h1>');
  writeFileSync(join(dir, 'chatbot', 'index.html'), '<!doctype html><title>Chatbot</title><h1>Chatbot</h1>');
  writeFileSync(join(dir, 'spa-fallback.html'), '<!doctype html><title>Voxdesk</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-3f9a1c.js'), 'console.log("app");');
  writeFileSync(
    join(dir, 'assets', 'vendor-8e2b4d.js'),
    `export const words = ${JSON.stringify('voxdesk '.repeat(500))};`,
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

export interface TestServer {
  url: string;
  clientDir: string;
  accounts: Accounts;
  store: SqliteStore;
  logs: LogLine[];
  clock: { now: number };
  adminId: string;
  clientId: string;
  /** The outbox's sender, on the test clock, not polling: tests run `runOnce()` or await `idle()`. */
  mail: Mail;
  /** The work the server does after answering (reset mail, access requests, password notices): await `idle()`. */
  afterAnswer: AfterAnswer;
  /** A browser: same-origin Origin header and a cookie jar. */
  browser(): Browser;
  close(): Promise<void>;
}

export interface Browser {
  cookies: Map<string, string>;
  /** Every Set-Cookie header seen, for attribute checks. */
  setCookies: string[];
  request(
    method: string,
    path: string,
    options?: { json?: unknown; body?: string; headers?: Record<string, string>; origin?: string | null },
  ): Promise<Response>;
}

export async function startTestServer(
  overrides: Partial<AppOptions> = {},
  mailSettings: Partial<MailSettings> = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-server-'));
  const clientDir = join(dir, 'client');
  writeClientDir(clientDir);
  const store = new SqliteStore(join(dir, 'data', 'voxdesk.db'));
  const accounts = new Accounts(store, { scrypt: FAST_SCRYPT });
  const adminUser = await store.createAdmin({
    ...admin,
    password: await hashPassword(admin.password, FAST_SCRYPT),
  });
  // A client who already chose their own password (one added by an Admin starts temporary).
  const clientUser = await store.users.create({
    ...client,
    password: await hashPassword(client.password, FAST_SCRYPT),
  });
  const logs: LogLine[] = [];
  const clock = { now: Date.parse('2026-11-21T09:00:00Z') };
  const settings: MailSettings = {
    from: DEFAULT_MAIL_FROM,
    notifyTo: 'owner@example.com',
    siteUrl: 'https://voxdesk.test',
    ...mailSettings,
  };
  const mail = createMail(
    settings,
    new OutboxSender({
      outbox: store.outbox,
      ...(settings.smtpUrl ? { smtpUrl: settings.smtpUrl } : {}),
      from: settings.from,
      log: (line) => logs.push(line),
      now: () => clock.now,
    }),
    store.attempts,
    () => clock.now,
  );
  const afterAnswer = new AfterAnswer((line) => logs.push(line));
  const app = createApp({
    mail,
    afterAnswer,
    clientDir,
    accounts,
    sessionSecret: SECRET,
    log: (line) => logs.push(line),
    now: () => clock.now,
    ...overrides,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as Server));
  });
  const address = server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    clientDir,
    accounts,
    store,
    logs,
    clock,
    adminId: adminUser.id,
    clientId: clientUser.id,
    mail,
    afterAnswer,
    browser: () => createBrowser(url),
    async close() {
      // Work still running after the last answer finishes before the store closes under it.
      await afterAnswer.idle();
      await mail.sender.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function createBrowser(url: string): Browser {
  const cookies = new Map<string, string>();
  const setCookies: string[] = [];
  return {
    cookies,
    setCookies,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.origin !== null) headers.origin = options.origin ?? url;
      if (cookies.size > 0)
        headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      let body = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
      for (const header of response.headers.getSetCookie()) {
        setCookies.push(header);
        const [pair] = header.split(';');
        const [name, ...value] = pair!.split('=');
        if (/;\s*Max-Age=0\b/i.test(header) || value.join('=') === '') cookies.delete(name!.trim());
        else cookies.set(name!.trim(), value.join('='));
      }
      return response;
    },
  };
}

/** Logs in through the API and returns the browser holding the session. */
export async function loggedIn(
  server: TestServer,
  who: { email: string; password: string },
): Promise<Browser> {
  const browser = server.browser();
  const response = await browser.request('POST', '/api/session', {
    json: { email: who.email, password: who.password },
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return browser;
}
