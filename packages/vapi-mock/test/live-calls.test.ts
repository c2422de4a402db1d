import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeVapiServer, type FakeVapiServer } from '../src/index.ts';

const TOKEN = 'sk-private';
const PUBLIC = 'pk-public';
// The fake's clock: tests move it; nothing here waits on real time.
let clock = Date.parse('2026-11-20T10:00:00.000Z');
let server: FakeVapiServer;

beforeAll(async () => {
  server = await startFakeVapiServer({
    token: TOKEN,
    now: () => clock,
    seed: { tokens: [{ tag: 'public', value: PUBLIC }] },
    callPace: {
      durationSeconds: 10,
      transcript: [
        { role: 'assistant', text: 'Harbour Dental, how can I help?' },
        { role: 'user', text: 'A check-up on Monday, please.' },
        { role: 'assistant', text: 'Booked for Monday at 9:30.' },
        { role: 'user', text: 'Thanks, bye!' },
      ],
    },
  });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
type Json = any;

async function api(
  method: string,
  path: string,
  body?: unknown,
  token: string | null = TOKEN,
): Promise<{ status: number; body: Json }> {
  const url = path.startsWith('http') ? path : `${server.url}${path}`;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function newCall(assistant: Record<string, unknown> = { name: 'Reception' }): Promise<Json> {
  const a = await api('POST', '/assistant', assistant);
  const created = await api('POST', '/call/web', { assistantId: a.body.id });
  expect(created.status).toBe(201);
  return created.body;
}

const at = async (ms: number, id: string) => {
  clock = ms;
  return (await api('GET', `/call/${id}`)).body;
};

describe('the fake’s calls move through a lifecycle on its clock', () => {
  it('queued → ringing → in-progress with lines → ended with the report’s fields', async () => {
    const t0 = (clock += 60_000);
    const call = await newCall();
    expect(call.status).toBe('queued');
    expect(call.monitor).toEqual({
      listenUrl: `${server.url.replace('http', 'ws')}/__monitor/${call.id}/listen`,
      controlUrl: `${server.url}/__monitor/${call.id}/control`,
    });
    expect((await at(t0 + 999, call.id)).status).toBe('queued');
    expect((await at(t0 + 1000, call.id)).status).toBe('ringing');
    const answered = await at(t0 + 3000, call.id);
    expect(answered).toMatchObject({ status: 'in-progress', startedAt: new Date(t0 + 3000).toISOString() });
    // 4 lines over 10 s: one every 2 s after the answer.
    const twoLines = await at(t0 + 3000 + 4000, call.id);
    expect(twoLines.artifact.transcript).toBe(
      'AI: Harbour Dental, how can I help?\nUser: A check-up on Monday, please.',
    );
    expect(twoLines.artifact.messages.map((m: Json) => m.role)).toEqual(['bot', 'user']);
    const ended = await at(t0 + 13_000, call.id);
    expect(ended).toMatchObject({
      status: 'ended',
      endedReason: 'customer-ended-call',
      endedAt: new Date(t0 + 13_000).toISOString(),
    });
    expect(ended.analysis).toBeUndefined();
    const reported = await at(t0 + 14_000, call.id);
    expect(reported.analysis.summary).toBe('A 10-second call: 4 lines.');
    expect(reported.cost).toBeCloseTo(10 * (0.1 / 60), 4);
    expect(reported.artifact.transcript.split('\n')).toHaveLength(4);
    // Lists see the same progress.
    const listed = (await api('GET', '/call')).body.find((c: Json) => c.id === call.id);
    expect(listed.status).toBe('ended');
  });

  it('acts on control messages: say adds a line, mute silences a side, end-call ends now', async () => {
    const t0 = (clock += 60_000);
    const call = await newCall();
    await at(t0 + 3000, call.id);
    const control = (body: unknown, token: string | null = null) =>
      api('POST', call.monitor.controlUrl, body, token);
    expect((await control({ type: 'say', content: 'One moment please.' })).status).toBe(200);
    expect((await control({ type: 'control', control: 'mute-customer' })).status).toBe(200);
    const later = await at(t0 + 3000 + 4000, call.id);
    // The customer's line at +4 s was not heard.
    expect(later.artifact.transcript).toBe('AI: One moment please.\nAI: Harbour Dental, how can I help?');
    expect((await control({ type: 'end-call' })).status).toBe(200);
    const ended = (await api('GET', `/call/${call.id}`)).body;
    expect(ended).toMatchObject({ status: 'ended', endedReason: 'assistant-ended-call' });
    expect(server.state.controls.map((c) => c.message.type)).toEqual(['say', 'control', 'end-call']);
    expect(server.state.controls[0]).toEqual({
      callId: call.id,
      message: { type: 'say', content: 'One moment please.' },
      at: new Date(t0 + 3000).toISOString(),
    });
    // An ended call takes no more control.
    expect(await control({ type: 'say', content: 'Hello?' })).toMatchObject({
      status: 400,
      body: { message: 'Call is not live (status ended).' },
    });
  });

  it('say with endCallAfterSpoken and transfer end the call with Vapi’s reasons', async () => {
    const t0 = (clock += 60_000);
    const first = await newCall();
    const second = await newCall();
    await at(t0 + 3000, first.id);
    await api('POST', first.monitor.controlUrl, {
      type: 'say',
      content: 'Goodbye.',
      endCallAfterSpoken: true,
    });
    expect((await api('GET', `/call/${first.id}`)).body).toMatchObject({
      status: 'ended',
      endedReason: 'assistant-ended-call-after-message-spoken',
    });
    const destination = { type: 'number', number: '+14155550123' };
    expect((await api('POST', second.monitor.controlUrl, { type: 'transfer', destination })).status).toBe(
      200,
    );
    expect((await api('GET', `/call/${second.id}`)).body).toMatchObject({
      status: 'forwarding',
      destination,
    });
    expect(await at(t0 + 5000, second.id)).toMatchObject({
      status: 'ended',
      endedReason: 'assistant-forwarded-call',
    });
  });

  it('refuses bad control messages, unknown calls and calls not yet answered, recording nothing', async () => {
    const t0 = (clock += 60_000);
    const call = await newCall();
    expect(await api('POST', call.monitor.controlUrl, { type: 'say', content: 'Too early' })).toMatchObject({
      status: 400,
      body: { message: 'Call is not live (status queued).' },
    });
    await at(t0 + 3000, call.id);
    const bad = [
      { type: 'say' },
      { type: 'dance' },
      { type: 'control', control: 'mute-everyone' },
      { type: 'transfer', destination: { type: 'number' } },
      { type: 'add-message', message: { role: 'system' } },
    ];
    for (const body of bad) expect((await api('POST', call.monitor.controlUrl, body)).status).toBe(400);
    expect((await api('POST', `${server.url}/__monitor/nope/control`, { type: 'end-call' })).status).toBe(
      404,
    );
    expect(server.state.controls).toEqual([]);
  });

  it('with controlAuthenticationEnabled, only a public key opens the control URL (not the private key)', async () => {
    const t0 = (clock += 60_000);
    const call = await newCall({ name: 'Locked', monitorPlan: { controlAuthenticationEnabled: true } });
    await at(t0 + 3000, call.id);
    const end = { type: 'end-call' };
    expect((await api('POST', call.monitor.controlUrl, end, null)).status).toBe(401);
    expect((await api('POST', call.monitor.controlUrl, end, TOKEN)).status).toBe(401);
    expect((await api('POST', call.monitor.controlUrl, end, PUBLIC)).status).toBe(200);
  });

  it('a monitor plan can turn the URLs off; seeded calls keep their fields', async () => {
    const call = await newCall({
      name: 'Quiet',
      monitorPlan: { controlEnabled: false, listenEnabled: false },
    });
    expect(call.monitor).toEqual({});
    expect(
      (await api('POST', `${server.url}/__monitor/${call.id}/control`, { type: 'end-call' })).status,
    ).toBe(404);
  });
});

describe('callPace: false', () => {
  it('leaves created calls queued, with their monitor URLs', async () => {
    const fake = await startFakeVapiServer({ callPace: false, now: () => clock });
    try {
      const a = await fetch(`${fake.url}/assistant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Still' }),
      }).then((r) => r.json() as Promise<Json>);
      const call = await fetch(`${fake.url}/call/web`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ assistantId: a.id }),
      }).then((r) => r.json() as Promise<Json>);
      clock += 3_600_000;
      fake.advanceCalls();
      expect(fake.state.calls.get(call.id)).toMatchObject({
        status: 'queued',
        monitor: { controlUrl: expect.any(String) },
      });
    } finally {
      await fake.close();
    }
  });

  it('refuses a bad pace up front', async () => {
    await expect(startFakeVapiServer({ callPace: { durationSecs: 3 } as never })).rejects.toThrow(
      'startFakeVapiServer callPace: unknown "durationSecs". Known: durationSeconds',
    );
    await expect(startFakeVapiServer({ callPace: { durationSeconds: -1 } })).rejects.toThrow(
      'callPace.durationSeconds must be a number ≥ 0, got -1',
    );
  });
});
