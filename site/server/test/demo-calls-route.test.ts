// @vitest-environment node
import { startFakeVapiServer } from '@voxdesk/vapi-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vapiDemoCalls } from '../demo-calls-source.ts';
import { admin, client, loggedIn, startTestServer, type TestServer } from './harness.ts';

const TOKEN = 'sk-private-test';
let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>;
let server: TestServer | undefined;

beforeAll(async () => {
  vapi = await startFakeVapiServer({ token: TOKEN });
});
afterAll(() => vapi.close());
afterEach(async () => {
  await server?.close();
  server = undefined;
  vapi.reset();
});

function seedCall(id: string, assistantId: string, extra: Record<string, unknown> = {}) {
  vapi.state.calls.set(id, {
    id,
    orgId: vapi.state.orgId,
    assistantId,
    type: 'webCall',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    ...extra,
  });
}

describe('GET /api/admin/demo-calls', () => {
  it('404 "not configured" without VAPI_PRIVATE_KEY or VAPI_ASSISTANT_ID', async () => {
    expect(vapiDemoCalls({ assistantId: 'asst_demo' })).toBeUndefined();
    expect(vapiDemoCalls({ privateKey: TOKEN })).toBeUndefined();
    server = await startTestServer();
    const response = await (await loggedIn(server, admin)).request('GET', '/api/admin/demo-calls');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Demo call history is not configured' });
  });

  it("lists the demo assistant's calls through the SDK, mapped for the admin panel (Admin only)", async () => {
    seedCall('call_1', 'asst_demo', {
      startedAt: '2026-11-20T10:00:00.000Z',
      endedAt: '2026-11-20T10:02:05.000Z',
      endedReason: 'customer-ended-call',
      cost: 0.12,
      artifact: { transcript: 'AI: Hello\nUser: Hi' },
    });
    seedCall('call_2', 'asst_other');
    server = await startTestServer({
      demoCalls: vapiDemoCalls({ privateKey: TOKEN, assistantId: 'asst_demo', baseUrl: vapi.url }),
    });
    expect((await server.browser().request('GET', '/api/admin/demo-calls')).status).toBe(401);
    expect((await (await loggedIn(server, client)).request('GET', '/api/admin/demo-calls')).status).toBe(403);

    const response = await (await loggedIn(server, admin)).request('GET', '/api/admin/demo-calls');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      source: 'vapi',
      calls: [
        {
          id: 'call_1',
          startedAt: '2026-11-20T10:00:00.000Z',
          endedAt: '2026-11-20T10:02:05.000Z',
          durationSeconds: 125,
          endedReason: 'customer-ended-call',
          cost: 0.12,
          summary: null,
          transcript: 'AI: Hello\nUser: Hi',
        },
      ],
    });
    const listed = vapi.state.requests.filter((request) => request.path === '/call');
    expect(listed.at(-1)?.search).toContain('assistantId=asst_demo');
    expect(listed.at(-1)?.search).toContain('limit=20');
  });

  it('502 with the reason when Vapi refuses the key', async () => {
    server = await startTestServer({
      demoCalls: vapiDemoCalls({ privateKey: 'sk-wrong', assistantId: 'asst_demo', baseUrl: vapi.url }),
    });
    const response = await (await loggedIn(server, admin)).request('GET', '/api/admin/demo-calls');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      error: expect.stringMatching(/^Could not load demo calls from Vapi: /),
    });
  });
});

describe("GET /api/config's admin capabilities", () => {
  const demoCallsFlag = async (srv: TestServer) =>
    (
      (await (await (await loggedIn(srv, admin)).request('GET', '/api/config')).json()) as {
        admin?: { demoCalls: boolean };
      }
    ).admin?.demoCalls;
  const report = {
    callId: 'call_stored',
    assistantId: 'asst_demo',
    startedAt: null,
    endedAt: null,
    durationSeconds: null,
    endedReason: null,
    cost: null,
    summary: null,
    transcript: '',
    receivedAt: 1,
  };

  it('say "no source" with nothing configured, and flip once a report was stored earlier', async () => {
    server = await startTestServer();
    expect(await demoCallsFlag(server)).toBe(false);
    await server.store.callReports.saveCallReport(report);
    expect(await demoCallsFlag(server)).toBe(true);
    expect((await (await loggedIn(server, admin)).request('GET', '/api/admin/demo-calls')).status).toBe(200);
  });

  it('say "has a source" with the webhook secret or a private key + assistant; never to a client', async () => {
    server = await startTestServer({ vapiEvents: { secret: 'webhook-secret-0123456789' } });
    expect(await demoCallsFlag(server)).toBe(true);
    const asClient = (await (await loggedIn(server, client)).request('GET', '/api/config')).json();
    expect(await asClient).not.toHaveProperty('admin');
    expect(await (await server.browser().request('GET', '/api/config')).json()).not.toHaveProperty('admin');
    await server.close();
    server = await startTestServer({
      demoCalls: vapiDemoCalls({ privateKey: TOKEN, assistantId: 'asst_demo', baseUrl: vapi.url }),
    });
    expect(await demoCallsFlag(server)).toBe(true);
  });
});
