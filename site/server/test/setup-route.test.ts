// @vitest-environment node
// GET /api/admin/setup: the admin setup checklist, from the environment the server starts with.
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SetupChecklist } from '../../contract/api-types.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../start.ts';
import { admin, client, loggedIn, startTestServer, type TestServer } from './harness.ts';
import { endOfCallReport, postSignedEvent } from './signed-report.ts';

const ADMIN = { email: 'boss@example.com', password: 'boss keeps the keys' };
const WEBHOOK_SECRET = 'whsec-setup-test-0123456789';

let server: TestServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Each item's id → ok, in order. */
const oks = (checklist: SetupChecklist) => Object.fromEntries(checklist.items.map((i) => [i.id, i.ok]));

/** The checklist as the Admin of a server started from `env` (the real start-up path) sees it. */
async function checklistFromEnv(env: Record<string, string>): Promise<SetupChecklist> {
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-setup-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'client'));
  writeFileSync(join(dir, 'client', 'index.html'), '<h1>Home</h1>');
  const config = loadConfig(
    { PORT: '0', VOXDESK_DB: 'voxdesk.db', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    dir,
  );
  const running = await startServer(config, {
    clientDir: join(dir, 'client'),
    print: () => {},
    log: () => {},
  });
  try {
    const headers = { 'content-type': 'application/json', origin: running.url };
    const login = await fetch(`${running.url}/api/session`, {
      method: 'POST',
      headers,
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const response = await fetch(`${running.url}/api/admin/setup`, { headers: { ...headers, cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as SetupChecklist;
  } finally {
    await running.close();
  }
}

describe('GET /api/admin/setup', () => {
  it('is for Admins only: 401 signed out, 403 for a Client', async () => {
    server = await startTestServer();
    const anonymous = await server.browser().request('GET', '/api/admin/setup');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Not logged in' });
    const carl = await loggedIn(server, client);
    const refused = await carl.request('GET', '/api/admin/setup');
    expect(refused.status).toBe(403);
    expect(await refused.json()).not.toHaveProperty('items');
  });

  it('a server started with no settings: every item open, each naming its setting', async () => {
    const checklist = await checklistFromEnv({});
    expect(checklist.items.map((i) => [i.id, i.ok, i.setting])).toEqual([
      ['vapi-public-key', false, 'VAPI_PUBLIC_KEY'],
      ['vapi-assistant-id', false, 'VAPI_ASSISTANT_ID'],
      ['vapi-webhook-secret', false, 'VAPI_WEBHOOK_SECRET'],
      ['vapi-reports', false, expect.stringContaining(': <your site>/api/vapi/events,')],
      ['smtp', false, 'SMTP_URL'],
      ['scheduling-url', false, 'SCHEDULING_URL'],
      ['promo-video', false, 'PROMO_VIDEO_ID'],
      ['site-url', false, 'SITE_URL'],
    ]);
    for (const item of checklist.items) expect(item.detail).toMatch(/^Not set|still|No signed/);
  });

  it('items flip as the environment sets them, and never echo a secret', async () => {
    const checklist = await checklistFromEnv({
      VAPI_PUBLIC_KEY: 'pk_live_setup_test',
      VAPI_ASSISTANT_ID: 'asst_setup',
      VAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: 'smtp://mailer:mail-password@127.0.0.1:2525',
      SCHEDULING_URL: 'https://cal.example.com.au/book',
      PROMO_VIDEO_ID: 'abcdefghijk',
      SITE_URL: 'https://www.example.com.au',
    });
    expect(oks(checklist)).toEqual({
      'vapi-public-key': true,
      'vapi-assistant-id': true,
      'vapi-webhook-secret': true,
      'vapi-reports': false,
      smtp: true,
      'scheduling-url': true,
      'promo-video': true,
      'site-url': true,
    });
    expect(checklist.items.find((i) => i.id === 'vapi-reports')!.setting).toBe(
      'Server URL of the assistant in Vapi: https://www.example.com.au/api/vapi/events, with VAPI_WEBHOOK_SECRET as its credential',
    );
    const body = JSON.stringify(checklist);
    for (const secret of ['pk_live_setup_test', WEBHOOK_SECRET, 'mail-password'])
      expect(body).not.toContain(secret);
  });

  it('one setting at a time: only its own item flips', async () => {
    const checklist = await checklistFromEnv({ PROMO_VIDEO_ID: 'abcdefghijk' });
    const open = Object.entries(oks(checklist)).filter(([, ok]) => ok);
    expect(open).toEqual([['promo-video', true]]);
  });

  it('a signed end-of-call report flips "Call reports"; a preview call does not', async () => {
    server = await startTestServer({
      publicConfig: { vapiPublicKey: 'pk', vapiAssistantId: 'asst_demo' },
      vapiEvents: { secret: WEBHOOK_SECRET, assistantIds: ['asst_demo'] },
    });
    const ada = await loggedIn(server, admin);
    const reportsOk = async () =>
      oks((await (await ada.request('GET', '/api/admin/setup')).json()) as SetupChecklist)['vapi-reports'];

    await server.store.callReports.saveCallReport({
      callId: 'preview-1',
      assistantId: 'asst_demo',
      startedAt: null,
      endedAt: null,
      durationSeconds: null,
      endedReason: null,
      cost: null,
      summary: null,
      transcript: '',
      recordingUrl: null,
      clientId: null,
      receptionist: null,
      preview: true,
      receivedAt: server.clock.now,
    });
    expect(await reportsOk()).toBe(false);

    const delivered = await postSignedEvent(server.url, WEBHOOK_SECRET, endOfCallReport('call-1'));
    expect(delivered.status).toBe(200);
    expect(await reportsOk()).toBe(true);
  });
});
