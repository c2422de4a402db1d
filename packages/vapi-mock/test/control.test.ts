/** The SDK's live call control (`@voxdesk/sdk/control`, `ctx.control`) against the fake's control URLs. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Vapi, VapiAbortError, VapiArgumentError, VapiError } from '@voxdesk/sdk';
import { callControl } from '@voxdesk/sdk/control';
import { createWebhookHandler } from '@voxdesk/sdk/webhooks';
import { playCallLifecycle, startFakeVapiServer, type FakeVapiServer } from '../src/index.ts';

const TOKEN = 'sk-private';
const PUBLIC = 'pk-public';
let clock = Date.parse('2026-11-20T10:00:00.000Z');
let server: FakeVapiServer;
let vapi: Vapi;

beforeAll(async () => {
  server = await startFakeVapiServer({
    token: TOKEN,
    now: () => clock,
    seed: { tokens: [{ tag: 'public', value: PUBLIC }] },
    callPace: { durationSeconds: 60 },
  });
  vapi = new Vapi({ token: TOKEN, baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** A web call, answered (in progress on the fake's clock). */
async function liveCall(assistant: Record<string, unknown> = { name: 'Reception' }) {
  const { id: assistantId } = await vapi.assistants.create(assistant);
  const call = await vapi.calls.createWeb({ assistantId });
  clock += 3000;
  return call;
}

/** The control requests the fake received for a call: body and headers. */
const controlRequests = (id: string) =>
  server.state.requests
    .filter((r) => r.path === `/__monitor/${id}/control`)
    .map((r) => ({ body: JSON.parse(r.body) as unknown, headers: r.headers }));

describe('callControl against the fake', () => {
  it('posts each message with Vapi’s body to the control URL, with no API key', async () => {
    const call = await liveCall();
    const control = callControl(vapi, call);
    await control.say('One moment.', { endCallAfterSpoken: false });
    await control.addMessage({ role: 'system', content: 'The caller is a VIP.' }, { triggerResponse: false });
    await control.mute('customer');
    await control.unmute('customer');
    await control.mute('assistant');
    await control.unmute('assistant');
    await control.send({ type: 'control', control: 'say-first-message' });
    await control.transfer({ type: 'number', number: '+14155550123' }, { content: 'Transferring you now.' });
    const sent = controlRequests(call.id);
    expect(sent.map((r) => r.body)).toEqual([
      { type: 'say', content: 'One moment.', endCallAfterSpoken: false },
      {
        type: 'add-message',
        message: { role: 'system', content: 'The caller is a VIP.' },
        triggerResponseEnabled: false,
      },
      { type: 'control', control: 'mute-customer' },
      { type: 'control', control: 'unmute-customer' },
      { type: 'control', control: 'mute-assistant' },
      { type: 'control', control: 'unmute-assistant' },
      { type: 'control', control: 'say-first-message' },
      {
        type: 'transfer',
        destination: { type: 'number', number: '+14155550123' },
        content: 'Transferring you now.',
      },
    ]);
    // The private key never goes to the control URL; JSON goes with its content type.
    for (const r of sent) {
      expect(r.headers.authorization).toBeUndefined();
      expect(r.headers['content-type']).toBe('application/json');
    }
    expect((await vapi.calls.get(call.id)).status).toBe('forwarding');
  });

  it('given an id, fetches the call once for its control URL; endCall ends it', async () => {
    const call = await liveCall();
    const control = callControl(vapi, call.id);
    expect(await control.controlUrl()).toBe(`${server.url}/__monitor/${call.id}/control`);
    await control.say('Goodbye.');
    await control.endCall();
    expect(
      server.state.requests.filter((r) => r.method === 'GET' && r.path === `/call/${call.id}`),
    ).toHaveLength(1);
    expect(await vapi.calls.get(call.id)).toMatchObject({
      status: 'ended',
      endedReason: 'assistant-ended-call',
    });
  });

  it('sends the public key only when given, and maps a refusal to a typed error without retrying', async () => {
    const call = await liveCall({ name: 'Locked', monitorPlan: { controlAuthenticationEnabled: true } });
    const refused = await callControl(vapi, call)
      .endCall()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VapiError);
    expect(refused).toMatchObject({ status: 401 });
    server.failNext(1, {
      status: 503,
      headers: { 'retry-after': '0' },
      path: `/__monitor/${call.id}/control`,
    });
    const unavailable = await callControl(vapi, call, { publicKey: PUBLIC })
      .endCall()
      .catch((error: unknown) => error);
    expect(unavailable).toMatchObject({ status: 503 });
    // A 503 with Retry-After is retried for API calls; a control message is sent once.
    expect(controlRequests(call.id)).toHaveLength(2);
    await callControl(vapi, call, { publicKey: PUBLIC }).endCall();
    expect(controlRequests(call.id).at(-1)!.headers.authorization).toBe(`Bearer ${PUBLIC}`);
    expect((await vapi.calls.get(call.id)).status).toBe('ended');
  });

  it('fails clearly without a control URL, on a bad party, and on abort', async () => {
    const quiet = await liveCall({ name: 'Quiet', monitorPlan: { controlEnabled: false } });
    await expect(callControl(vapi, quiet.id).say('Hi')).rejects.toThrow(
      `call ${quiet.id} has no monitor.controlUrl: not live, or monitorPlan.controlEnabled is false`,
    );
    const call = await liveCall();
    await expect(callControl(vapi, call).mute('everyone' as never)).rejects.toBeInstanceOf(VapiArgumentError);
    const aborted = new AbortController();
    aborted.abort();
    await expect(callControl(vapi, call, { signal: aborted.signal }).endCall()).rejects.toBeInstanceOf(
      VapiAbortError,
    );
    expect(controlRequests(call.id)).toEqual([]);
  });
});

describe('ctx.control in a webhook handler', () => {
  it('controls the call a message is about', async () => {
    const call = await liveCall();
    const said: string[] = [];
    const handler = createWebhookHandler({
      verify: false,
      awaitNotifications: true,
      on: {
        'status-update': async (message, ctx) => {
          if (message.status !== 'in-progress') return;
          await ctx.control.say('Hello from the webhook.');
          said.push(message.call!.id);
        },
      },
    });
    const played = await playCallLifecycle({
      serverUrl: 'http://127.0.0.1/vapi',
      call: { ...call },
      transcript: [],
      toolCalls: [],
      fetch: (input, init) => handler(new Request(input, init)),
    });
    expect(played.deliveries.every((d) => d.status === 200)).toBe(true);
    expect(said).toEqual([call.id]);
    expect(server.state.controls).toEqual([
      {
        callId: call.id,
        message: { type: 'say', content: 'Hello from the webhook.' },
        at: expect.any(String),
      },
    ]);
  });
});
