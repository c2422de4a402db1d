import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { e2eAdmin, e2eSessionSecret, e2eWebhookSecret } from './fixtures.ts';
import { expect, logIn, test as base } from './log-in.ts';

/**
 * A built server of a spec's own (`node site/dist/server/main.js`, the command the README
 * gives), for what the shared e2e server cannot show: Vapi keys, a restart, other settings.
 */

const main = join(import.meta.dirname, '../../site/dist/server/main.js');

/** Fake Vapi keys: with them /demo offers a live call, whose requests the test answers. */
export const fakeVapiKeys = {
  VAPI_PUBLIC_KEY: 'e2e-public-key',
  VAPI_ASSISTANT_ID: 'e2e-assistant-id',
  VAPI_WEBHOOK_SECRET: e2eWebhookSecret,
} as const;

export interface SiteServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Stops the server and starts it again on the same database (a new port, so a new url). */
  restart(): Promise<void>;
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
}

/**
 * Starts the built server on a free loopback port with a throwaway SQLite database, the e2e
 * Admin (`e2eAdmin`) and no Airtable, Vapi or mail settings, then `env` on top.
 */
export async function startSiteServer(env: Record<string, string> = {}): Promise<SiteServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voxdesk-e2e-site-'));
  let child: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    output = '';
    child = spawn(process.execPath, [main], {
      env: {
        // Only what Node needs from ours: a developer's own settings must not leak in.
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TMPDIR: process.env.TMPDIR ?? tmpdir(),
        PORT: '0',
        HOST: '127.0.0.1',
        VOXDESK_DB: join(dataDir, 'voxdesk.db'),
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        SESSION_SECRET: e2eSessionSecret,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = child;
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.url = await new Promise<string>((resolve, reject) => {
      started.stdout!.on('data', () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      started.once('exit', (code) => reject(new Error(`the site server exited with ${code}:\n${output}`)));
    });
  };
  const halt = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const server: SiteServer = {
    url: '',
    output: () => output,
    async restart() {
      await halt();
      await start();
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return server;
}

export interface DemoClient {
  name: string;
  email: string;
  password: string;
}

/** Adds a Client through the Admin's API, from a page signed in as an Admin. */
export async function addClient(adminPage: Page, baseUrl: string, client: DemoClient): Promise<void> {
  const created = await adminPage.request.post(`${baseUrl}/api/clients`, {
    data: client,
    headers: { origin: baseUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** A new Client (a unique email each time), added by the e2e Admin and signed in on `page`. */
export async function signInNewClient(page: Page, baseUrl: string, name = 'E2E Client'): Promise<DemoClient> {
  const client = {
    name,
    email: `client-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'e2e client hears herons',
  };
  // The Admin signs in in a context of its own, so `page` keeps only the Client's session.
  const admin = await page.context().browser()!.newContext();
  try {
    const adminPage = await admin.newPage();
    await logIn(adminPage, e2eAdmin, { baseUrl });
    await addClient(adminPage, baseUrl, client);
  } finally {
    await admin.close();
  }
  // An Admin-set password is temporary: the client chooses their own first, as a person does.
  const own = { ...client, password: 'e2e client chose her own herons' };
  await logIn(page, client, { baseUrl, chooseOwnPassword: own.password });
  return own;
}

/**
 * Answers the browser's requests to Vapi in the browser (nothing leaves loopback), with the
 * CORS headers Vapi sends to the site's origin; `answer` gets every non-preflight request.
 */
export async function answerVapi(
  page: Page,
  siteUrl: string,
  answer: (route: Route, cors: Record<string, string>) => Promise<void>,
) {
  await page.route('https://api.vapi.ai/**', async (route) => {
    const cors = {
      'access-control-allow-origin': siteUrl,
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    return answer(route, cors);
  });
}

/**
 * Playwright's `test` (with `loginAsAdmin`) plus `site`: a server of the worker's own, started
 * with `siteEnv` (set it with `test.use({ siteEnv: { … } })`) and stopped when the worker ends.
 */
export const test = base.extend<object, { siteEnv: Record<string, string>; site: SiteServer }>({
  siteEnv: [{}, { scope: 'worker', option: true }],
  site: [
    async ({ siteEnv }, use) => {
      const server = await startSiteServer(siteEnv);
      await use(server);
      await server.stop();
    },
    // A cold start on a loaded machine takes a while.
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect };
