// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { ATTRIBUTION_TTL_MS } from '../call-attribution.ts';
import { ATTRIBUTION_REFUSED, dailyCapReached } from '../routes/demo-call-start.ts';
import type { DemoCallStart } from '../../contract/api-types.ts';
import { admin, client, loggedIn, startTestServer, type TestServer } from './harness.ts';
import { endOfCallReport, postSignedEvent } from './signed-report.ts';

const WEBHOOK_SECRET = 'whsec-site-test-0123456789';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(callsPerDay = 3) {
  server = await startTestServer({
    vapiEvents: { secret: WEBHOOK_SECRET, assistantIds: ['asst_demo'] },
    demoCallLimits: { callsPerDay, maxCallSeconds: 240 },
  });
  return server;
}

const stored = async (s: TestServer) => (await s.store.callReports.listCallReports({ limit: 100 })).reports;

/** Vapi's end-of-call report of a web call started with `metadata` as an assistant override. */
async function deliverReport(
  s: TestServer,
  callId: string,
  metadata: Record<string, string>,
  startedAt: number,
) {
  const body = endOfCallReport(callId, {
    call: { type: 'webCall', assistantOverrides: { metadata, maxDurationSeconds: 240 } },
    startedAt: new Date(startedAt).toISOString(),
    endedAt: new Date(startedAt + 95_000).toISOString(),
    artifact: { transcript: 'AI: Hello\nUser: Hi', recordingUrl: `https://storage.vapi.ai/${callId}.wav` },
  });
  const response = await postSignedEvent(s.url, WEBHOOK_SECRET, body);
  expect(response.status).toBe(200);
}

describe('POST /api/demo/calls', () => {
  it('needs a session', async () => {
    const s = await start();
    const response = await s.browser().request('POST', '/api/demo/calls', {
      json: { receptionist: 'law-firms', preview: false },
    });
    expect(response.status).toBe(401);
  });

  it('answers signed metadata and the duration cap, up to the daily cap per client, then 429', async () => {
    const s = await start(2);
    const carl = await loggedIn(s, client);
    const ask = (who = carl) =>
      who.request('POST', '/api/demo/calls', { json: { receptionist: 'law-firms', preview: false } });
    const first = await ask();
    expect(first.status).toBe(201);
    const grant = (await first.json()) as DemoCallStart;
    expect(grant.maxDurationSeconds).toBe(240);
    expect(grant.metadata).toEqual({
      voxdeskAttribution: grant.attribution,
      clientId: s.clientId,
      receptionist: 'law-firms',
    });
    expect((await ask()).status).toBe(201);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: dailyCapReached(2) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // Another client has a cap of their own; a day later the first one may call again.
    expect((await ask(await loggedIn(s, admin))).status).toBe(201);
    s.clock.now += 24 * 60 * 60_000;
    expect((await ask(await loggedIn(s, client))).status).toBe(201);
  });

  it('refuses an unknown receptionist with the field named', async () => {
    const s = await start();
    const response = await (
      await loggedIn(s, client)
    ).request('POST', '/api/demo/calls', {
      json: { receptionist: 'dentists', preview: false },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'receptionist' });
  });
});

describe('attribution of a live call report (POST /api/vapi/events)', () => {
  it('a report carrying the signed metadata is stored under that client and receptionist, with the recording', async () => {
    const s = await start();
    const grant = (await (
      await (
        await loggedIn(s, client)
      ).request('POST', '/api/demo/calls', {
        json: { receptionist: 'home-services', preview: false },
      })
    ).json()) as DemoCallStart;
    // The call may run long: what counts is that it started before the attribution expired.
    s.clock.now += ATTRIBUTION_TTL_MS + 60 * 60_000;
    await deliverReport(s, 'call-signed', grant.metadata, s.clock.now - 60 * 60_000 - 1_000);
    expect(await stored(s)).toEqual([
      expect.objectContaining({
        callId: 'call-signed',
        clientId: s.clientId,
        receptionist: 'home-services',
        preview: false,
        recordingUrl: 'https://storage.vapi.ai/call-signed.wav',
      }),
    ]);
  });

  it('forged, tampered or expired metadata stores the report without a client', async () => {
    const s = await start();
    const grant = (await (
      await (
        await loggedIn(s, client)
      ).request('POST', '/api/demo/calls', {
        json: { receptionist: 'law-firms', preview: false },
      })
    ).json()) as DemoCallStart;
    const now = s.clock.now;
    await deliverReport(s, 'call-forged', { clientId: s.adminId, receptionist: 'law-firms' }, now);
    const [payload, signature] = grant.attribution.split('.');
    const other = Buffer.from(
      JSON.stringify({ c: s.adminId, r: 'law-firms', p: 0, e: now + 60_000 }),
    ).toString('base64url');
    await deliverReport(s, 'call-tampered', { voxdeskAttribution: `${other}.${signature}` }, now);
    await deliverReport(
      s,
      'call-late',
      { voxdeskAttribution: `${payload}.${signature}` },
      now + ATTRIBUTION_TTL_MS + 1,
    );
    const reports = await stored(s);
    expect(reports.map((r) => [r.callId, r.clientId, r.receptionist])).toEqual([
      ['call-late', null, null],
      ['call-tampered', null, null],
      ['call-forged', null, null],
    ]);
  });
});

describe('POST /api/demo/calls/preview-report', () => {
  it('stores a finished preview, marked as one, under the verified client; once per attribution', async () => {
    const s = await start();
    const carl = await loggedIn(s, client);
    const grant = (await (
      await carl.request('POST', '/api/demo/calls', {
        json: { receptionist: 'health-clinics', preview: true },
      })
    ).json()) as DemoCallStart;
    s.clock.now += 42_000;
    const report = {
      attribution: grant.attribution,
      durationSeconds: 41.6,
      transcript: 'AI: Good evening\nUser: Hi',
    };
    const first = await carl.request('POST', '/api/demo/calls/preview-report', { json: report });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ stored: true });
    expect(
      await (await carl.request('POST', '/api/demo/calls/preview-report', { json: report })).json(),
    ).toEqual({
      stored: false,
    });
    expect(await stored(s)).toEqual([
      expect.objectContaining({
        clientId: s.clientId,
        receptionist: 'health-clinics',
        preview: true,
        durationSeconds: 42,
        endedReason: 'preview',
        transcript: 'AI: Good evening\nUser: Hi',
      }),
    ]);
  });

  it("refuses another client's attribution, a live call's attribution and a forged one", async () => {
    const s = await start();
    const carl = await loggedIn(s, client);
    const ada = await loggedIn(s, admin);
    const grantOf = async (preview: boolean) =>
      (
        (await (
          await carl.request('POST', '/api/demo/calls', { json: { receptionist: 'law-firms', preview } })
        ).json()) as DemoCallStart
      ).attribution;
    const preview = await grantOf(true);
    const live = await grantOf(false);
    const post = (who: typeof carl, attribution: string) =>
      who.request('POST', '/api/demo/calls/preview-report', {
        json: { attribution, durationSeconds: 5, transcript: '' },
      });
    for (const response of [
      await post(ada, preview),
      await post(carl, live),
      await post(carl, `x${preview}`),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: ATTRIBUTION_REFUSED, field: 'attribution' });
    }
    expect(await stored(s)).toEqual([]);
  });
});
