// @vitest-environment node
import { request as httpRequest } from 'node:http';
import { signWebhook, type HmacCredential, type SignedWebhook } from '@voxdesk/sdk/webhooks';
import { playCallLifecycle, startFakeVapiServer } from '@voxdesk/vapi-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { vapiDemoCalls } from '../demo-calls-source.ts';
import { VAPI_EVENTS_MAX_BODY_BYTES, VAPI_EVENTS_NOT_CONFIGURED } from '../routes/vapi-events.ts';
import { admin, loggedIn, startTestServer, type TestServer } from './harness.ts';
import { endOfCallReport, postSignedEvent } from './signed-report.ts';

const SECRET = 'whsec-site-test-0123456789';
const credential: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: SECRET };
const ASSISTANT = 'asst_demo';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const eventsUrl = (s: TestServer) => `${s.url}/api/vapi/events`;

async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  server = await startTestServer({ vapiEvents: { secret: SECRET, assistantIds: [ASSISTANT] }, ...overrides });
  return server;
}

async function post(s: TestServer, signed: SignedWebhook) {
  return fetch(eventsUrl(s), { method: 'POST', headers: signed.headers, body: signed.body });
}

const stored = async (s: TestServer) => (await s.store.callReports.listCallReports({ limit: 100 })).reports;

describe('POST /api/vapi/events', () => {
  it('a fake call lifecycle with a duplicated report: every delivery answered, the report stored once', async () => {
    const s = await start();
    const played = await playCallLifecycle({
      serverUrl: eventsUrl(s),
      credential,
      assistantId: ASSISTANT,
      summary: 'The caller booked a check-up for Monday at 9:30.',
      durationSeconds: 125,
      cost: 0.2468,
      duplicateReport: true,
    });
    expect(played.deliveries.map((d) => `${d.type} ${d.status}`)).toEqual([
      'status-update 200',
      'status-update 200',
      'status-update 200',
      'transcript 200',
      'transcript 200',
      'tool-calls 200',
      'transcript 200',
      'transcript 200',
      'status-update 200',
      'end-of-call-report 200',
      'end-of-call-report 200',
    ]);
    // The site has no tools: the tool call gets an error the model can say, not a timeout.
    expect(played.toolCallAnswer).toEqual({
      results: [
        {
          toolCallId: `${played.callId}-tool-1`,
          name: 'bookAppointment',
          error: 'Unknown tool "bookAppointment": this server implements no tools.',
        },
      ],
    });
    expect(await stored(s)).toEqual([
      {
        callId: played.callId,
        assistantId: ASSISTANT,
        startedAt: played.report.startedAt,
        endedAt: played.report.endedAt,
        durationSeconds: 125,
        endedReason: 'customer-ended-call',
        cost: 0.2468,
        summary: 'The caller booked a check-up for Monday at 9:30.',
        transcript:
          'AI: Thanks for calling Harbour Dental, how can I help?\nUser: I would like a check-up on Monday morning.\nAI: You are booked for Monday at 9:30. Anything else?\nUser: No, thanks. Bye!',
        recordingUrl: null,
        // No signed attribution in this call's metadata: tied to no client.
        clientId: null,
        receptionist: null,
        preview: false,
        receivedAt: s.clock.now,
      },
    ]);
    expect(s.logs.filter((l) => String(l.msg).startsWith('demo call report')).map((l) => l.msg)).toEqual([
      'demo call report stored',
      'demo call report already stored',
    ]);

    const page = await (await loggedIn(s, admin)).request('GET', '/api/admin/demo-calls');
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({
      source: 'reports',
      calls: [
        {
          id: played.callId,
          startedAt: played.report.startedAt,
          endedAt: played.report.endedAt,
          durationSeconds: 125,
          endedReason: 'customer-ended-call',
          cost: 0.2468,
          summary: 'The caller booked a check-up for Monday at 9:30.',
          transcript: expect.stringContaining('User: No, thanks. Bye!'),
          recordingUrl: null,
          client: null,
          receptionist: null,
          preview: false,
        },
      ],
    });
  });

  it('accepts bearer and x-vapi-secret credentials made with the secret, with no Origin or cookie', async () => {
    const s = await start();
    for (const [n, signer] of [
      { type: 'bearer', token: SECRET },
      { type: 'x-vapi-secret', secret: SECRET },
    ].entries()) {
      const signed = await signWebhook(signer as Parameters<typeof signWebhook>[0], {
        body: endOfCallReport(`call-${n}`),
      });
      expect(signed.headers).not.toHaveProperty('origin');
      expect((await post(s, signed)).status).toBe(200);
    }
    expect((await stored(s)).map((r) => r.callId)).toEqual(['call-1', 'call-0']);
  });

  it('refuses a bad signature with 401 and a clear body, storing nothing', async () => {
    const s = await start();
    const forged = await signWebhook(
      { ...credential, secretKey: 'not-the-secret-000000' },
      { body: endOfCallReport('c') },
    );
    const response = await post(s, forged);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Webhook verification failed (bad-signature).' });
    // The right signature over other bytes is refused too: the raw body is what is verified.
    const genuine = await signWebhook(credential, { body: endOfCallReport('c') });
    const tampered = await post(s, {
      ...genuine,
      body: String(genuine.body).replace('Summary of', 'Changed'),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(eventsUrl(s), { method: 'POST', body: endOfCallReport('c') });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: 'Webhook verification failed (missing-header).' });
    expect(await stored(s)).toEqual([]);
  });

  it('refuses a stale timestamp (a replay) with 401, storing nothing', async () => {
    const s = await start();
    const replay = await signWebhook(credential, {
      body: endOfCallReport('call-old'),
      timestamp: new Date(Date.now() - 10 * 60_000),
    });
    const response = await post(s, replay);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Webhook verification failed (stale-timestamp).' });
    expect(await stored(s)).toEqual([]);
  });

  it('takes reports over the 16 KB browser limit, and refuses bodies over 2 MiB with 413, declared or streamed', async () => {
    const s = await start();
    const long = 'AI: Hello\n'.repeat(20_000); // 200 KB
    const big = await signWebhook(credential, {
      body: endOfCallReport('call-long', { transcript: long }),
    });
    expect((await post(s, big)).status).toBe(200);
    expect((await stored(s))[0]?.transcript).toBe(long);

    const huge = endOfCallReport('call-huge', { transcript: 'x'.repeat(VAPI_EVENTS_MAX_BODY_BYTES) });
    const declared = await postSignedEvent(s.url, credential, huge);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: `The body is over ${VAPI_EVENTS_MAX_BODY_BYTES} bytes.` });

    // Chunked, with no Content-Length: the reader stops at the limit.
    const signed = await signWebhook(credential, { body: huge });
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(eventsUrl(s), { method: 'POST', headers: signed.headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', (error) =>
        (error as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(error),
      );
      for (let offset = 0; offset < huge.length; offset += 64 * 1024)
        request.write(huge.slice(offset, offset + 64 * 1024));
      request.end();
    });
    expect(status).toBe(413);
    expect((await stored(s)).map((r) => r.callId)).toEqual(['call-long']);
  });

  it('a flood of forged deliveries gets 401 then 429 with Retry-After, never a 5xx; the site keeps answering', async () => {
    const s = await start({
      vapiEvents: { secret: SECRET, assistantIds: [ASSISTANT], rate: { limit: 25, windowMs: 60_000 } },
    });
    const forged = await signWebhook(
      { ...credential, secretKey: 'forged-secret-0000000' },
      { body: endOfCallReport('x') },
    );
    const statuses: number[] = [];
    const retryAfter = new Set<string | null>();
    // 75 deliveries, 25 at a time, against a limit of 25: the second and third batches meet the
    // limit (300 against 100 checked the same and timed out at load 17).
    for (let batch = 0; batch < 3; batch++) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => post(s, forged)));
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) retryAfter.add(answer.headers.get('retry-after'));
        await answer.body?.cancel();
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(25);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    expect(retryAfter).toEqual(new Set(['60']));
    expect(await stored(s)).toEqual([]);
    expect((await fetch(`${s.url}/api/config`)).status).toBe(200);
  }, 60_000);

  it('counts only failed verifications: genuine deliveries past the limit go through (issue 26 L3)', async () => {
    const s = await start({
      vapiEvents: { secret: SECRET, assistantIds: [ASSISTANT], rate: { limit: 5, windowMs: 60_000 } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await postSignedEvent(s.url, credential, endOfCallReport(`call-ok-${i}`));
      statuses.push(answer.status);
      await answer.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(await stored(s)).toHaveLength(8);
    // Five forged deliveries from the same address use up its failures; then it is refused.
    const forged = await signWebhook(
      { ...credential, secretKey: 'forged-secret-0000000' },
      { body: endOfCallReport('x') },
    );
    for (let i = 0; i < 5; i++) expect((await post(s, forged)).status).toBe(401);
    expect((await post(s, forged)).status).toBe(429);
  });

  it('stores only the demo assistant’s reports; others are answered 200 and dropped', async () => {
    const s = await start();
    const other = endOfCallReport('call-other', { assistantId: 'asst_production' });
    expect((await postSignedEvent(s.url, credential, other)).status).toBe(200);
    const noCall = endOfCallReport('x', { call: null });
    expect((await postSignedEvent(s.url, credential, noCall)).status).toBe(200);
    expect(await stored(s)).toEqual([]);
  });

  it('answers request-style messages the site does not serve with a clear refusal', async () => {
    const s = await start();
    const ask = async (message: Record<string, unknown>) => {
      const response = await postSignedEvent(s.url, credential, JSON.stringify({ message }));
      return { status: response.status, body: await response.json() };
    };
    expect(await ask({ type: 'assistant-request', call: { id: 'c1' } })).toEqual({
      status: 200,
      body: { error: expect.stringContaining('only records demo calls') },
    });
    expect(await ask({ type: 'transfer-destination-request', call: { id: 'c1' } })).toEqual({
      status: 200,
      body: { error: expect.stringContaining('no transfer destinations') },
    });
    expect(await ask({ type: 'knowledge-base-request', call: { id: 'c1' } })).toEqual({
      status: 200,
      body: { documents: [] },
    });
    expect(await ask({ type: 'speech-update', status: 'started', role: 'user' })).toEqual({
      status: 200,
      body: {},
    });
    const notJson = await postSignedEvent(s.url, credential, '{"message":');
    expect(notJson.status).toBe(400);
  });

  it('a store failure answers 500 (so a Vapi retry can deliver it later), then the retry is stored', async () => {
    const s = await start();
    const reports = s.store.callReports;
    const save = reports.saveCallReport.bind(reports);
    reports.saveCallReport = async () => {
      throw new Error('database is locked');
    };
    const body = endOfCallReport('call-retry');
    const failed = await postSignedEvent(s.url, credential, body);
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('database is locked');
    expect(s.logs.some((l) => String(l.msg).includes('database is locked'))).toBe(true);
    reports.saveCallReport = save;
    expect((await postSignedEvent(s.url, credential, body)).status).toBe(200);
    expect((await stored(s)).map((r) => r.callId)).toEqual(['call-retry']);
  });

  it('without VAPI_WEBHOOK_SECRET: 503 saying what to set, and the admin panel says not configured', async () => {
    const s = await startTestServer();
    server = s;
    const response = await postSignedEvent(s.url, credential, endOfCallReport('c'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: VAPI_EVENTS_NOT_CONFIGURED });
    expect(VAPI_EVENTS_NOT_CONFIGURED).toContain('set VAPI_WEBHOOK_SECRET');
    const panel = await (await loggedIn(s, admin)).request('GET', '/api/admin/demo-calls');
    expect(panel.status).toBe(404);
  });
});

describe('GET /api/admin/demo-calls over stored reports', () => {
  it('pages newest first with ?limit=&after=, and refuses a forged cursor with 400', async () => {
    const s = await start();
    for (let i = 0; i < 25; i++) {
      s.clock.now += i % 3 === 0 ? 0 : 1_000; // some share a millisecond
      await postSignedEvent(s.url, credential, endOfCallReport(`call-${String(i).padStart(2, '0')}`));
    }
    const browser = await loggedIn(s, admin);
    const ids: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const response = await browser.request(
        'GET',
        `/api/admin/demo-calls?limit=10${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      );
      expect(response.status).toBe(200);
      const page = (await response.json()) as { calls: { id: string }[]; next?: string; source: string };
      expect(page.source).toBe('reports');
      ids.push(...page.calls.map((c) => c.id));
      after = page.next;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => `call-${String(24 - i).padStart(2, '0')}`));

    const forged = await browser.request('GET', '/api/admin/demo-calls?after=not-a-cursor');
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      error: 'The page cursor is not valid. Start again from the first page.',
    });
    expect((await browser.request('GET', '/api/admin/demo-calls?limit=0')).status).toBe(400);
  });

  it('falls back to Vapi’s latest calls while no report is stored, and prefers stored reports once one is', async () => {
    const TOKEN = 'sk-private-test';
    const vapi = await startFakeVapiServer({ token: TOKEN });
    try {
      vapi.state.calls.set('call_api', {
        id: 'call_api',
        orgId: vapi.state.orgId,
        assistantId: ASSISTANT,
        type: 'webCall',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:05:00.000Z',
        analysis: { summary: 'From the API' },
      });
      const s = await start({
        demoCalls: vapiDemoCalls({ privateKey: TOKEN, assistantId: ASSISTANT, baseUrl: vapi.url }),
      });
      const browser = await loggedIn(s, admin);
      const before = await (await browser.request('GET', '/api/admin/demo-calls')).json();
      expect(before).toMatchObject({ source: 'vapi', calls: [{ id: 'call_api', summary: 'From the API' }] });
      await postSignedEvent(s.url, credential, endOfCallReport('call_hook'));
      const after = await (await browser.request('GET', '/api/admin/demo-calls')).json();
      expect(after).toMatchObject({
        source: 'reports',
        calls: [{ id: 'call_hook', summary: 'Summary of call_hook' }],
      });
      expect(after.calls).toHaveLength(1);
    } finally {
      await vapi.close();
    }
  });
});
