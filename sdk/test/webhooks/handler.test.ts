import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { toNodeListener } from '@voxdesk/sdk/node';
import {
  createWebhookHandler,
  signWebhook,
  type HmacCredential,
  type ServerMessageResponseToolCalls,
  type WebhookCredential,
} from '@voxdesk/sdk/webhooks';

const SECRET = 'handler-secret';
const URL_ = 'http://127.0.0.1/vapi';

const toolCalls = (calls: { id: string; name: string; arguments: unknown }[]) => ({
  message: {
    type: 'tool-calls',
    call: { id: 'call-1' },
    toolCallList: calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    })),
    toolWithToolCallList: [],
  },
});

async function signedRequest(
  credential: WebhookCredential,
  body: unknown,
  init: { timestamp?: number } = {},
) {
  const signed = await signWebhook(credential, {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
  return new Request(URL_, { method: 'POST', headers: signed.headers, body: signed.body });
}
const hmac: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: SECRET };

describe('which signatures the handler accepts', () => {
  const plans = (['sha1', 'sha256', 'sha512'] as const).flatMap((algorithm) =>
    (['hex', 'base64'] as const).flatMap((signatureEncoding) =>
      [true, false].map((includeTimestamp): HmacCredential => ({
        type: 'hmac',
        secretKey: SECRET,
        algorithm,
        signatureEncoding,
        includeTimestamp,
      })),
    ),
  );
  it('each of the 12 plans: accepted by its own handler, refused (401, nothing run) by the 11 others', async () => {
    const ran = vi.fn();
    const handlers = plans.map((credentials) =>
      createWebhookHandler({ credentials, on: { 'status-update': ran }, onError: () => {} }),
    );
    const body = { message: { type: 'status-update', status: 'ringing' } };
    for (const [i, plan] of plans.entries()) {
      for (const [j, handler] of handlers.entries()) {
        const response = await handler(await signedRequest(plan, body));
        expect(response.status, `signed ${i}, verified ${j}`).toBe(i === j ? 200 : 401);
      }
    }
    await vi.waitFor(() => expect(ran).toHaveBeenCalledTimes(plans.length));
  });

  it('a stale timestamp, a tampered body and a wrong secret are 401 and run nothing', async () => {
    const onError = vi.fn();
    const ran = vi.fn();
    const handler = createWebhookHandler({ secret: SECRET, on: { 'status-update': ran }, onError });
    const body = JSON.stringify({ message: { type: 'status-update', status: 'ended' } });
    const stale = await signedRequest(hmac, body, { timestamp: Date.now() / 1000 - 3600 });
    const staleResponse = await handler(stale);
    expect(staleResponse.status).toBe(401);
    expect(await staleResponse.json()).toEqual({ error: 'Webhook verification failed (stale-timestamp).' });
    const signed = await signWebhook(hmac, { body });
    const tampered = new Request(URL_, {
      method: 'POST',
      headers: signed.headers,
      body: body.replace('ended', 'queued'),
    });
    expect((await handler(tampered)).status).toBe(401);
    const wrong = await signedRequest({ ...hmac, secretKey: 'nope' }, body);
    expect((await handler(wrong)).status).toBe(401);
    expect((await handler(new Request(URL_, { method: 'POST', body }))).status).toBe(401);
    expect(onError.mock.calls.map(([e]) => (e as { reason: string }).reason)).toEqual([
      'stale-timestamp',
      'bad-signature',
      'bad-signature',
      'missing-header',
    ]);
    expect(ran).not.toHaveBeenCalled();
  });
});

describe('tool calls', () => {
  it('dispatch by name with parsed arguments; unknown tools and throws become that call’s error', async () => {
    const seen: unknown[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      tools: {
        bookAppointment: async (args: { day: string }, ctx) => {
          seen.push([args, ctx.toolCall.id, ctx.message.type]);
          return `Booked for ${args.day}.`;
        },
        quote: (args: { items: number }) => ({ total: args.items * 10 }),
        broken: () => {
          throw new Error('calendar is down');
        },
      },
    });
    const response = await handler(
      await signedRequest(
        hmac,
        toolCalls([
          { id: 'tc1', name: 'bookAppointment', arguments: { day: 'Monday' } },
          { id: 'tc2', name: 'quote', arguments: '{"items":3}' },
          { id: 'tc3', name: 'broken', arguments: {} },
          { id: 'tc4', name: 'nope', arguments: {} },
          { id: 'tc5', name: 'quote', arguments: '{not json' },
          { id: 'tc6', name: 'toString', arguments: {} },
        ]),
      ),
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ServerMessageResponseToolCalls;
    expect(answer).toEqual({
      results: [
        { toolCallId: 'tc1', name: 'bookAppointment', result: 'Booked for Monday.' },
        { toolCallId: 'tc2', name: 'quote', result: '{"total":30}' },
        { toolCallId: 'tc3', name: 'broken', error: 'calendar is down' },
        {
          toolCallId: 'tc4',
          name: 'nope',
          error: 'Unknown tool "nope": this server implements bookAppointment, quote, broken.',
        },
        { toolCallId: 'tc5', name: 'quote', error: 'The tool arguments are not JSON: {not json' },
        { toolCallId: 'tc6', name: 'toString', error: expect.stringMatching(/^Unknown tool "toString"/) },
      ],
    });
    expect(seen).toEqual([[{ day: 'Monday' }, 'tc1', 'tool-calls']]);
  });

  it("on['tool-calls'] answers the whole message; giving it with tools is refused", async () => {
    const handler = createWebhookHandler({
      secret: SECRET,
      on: {
        'tool-calls': (message) => ({
          results: message.toolCallList.map((c) => ({
            toolCallId: c.id,
            name: c.function.name,
            result: 'ok',
          })),
        }),
      },
    });
    const response = await handler(
      await signedRequest(hmac, toolCalls([{ id: 'a', name: 'x', arguments: {} }])),
    );
    expect(await response.json()).toEqual({ results: [{ toolCallId: 'a', name: 'x', result: 'ok' }] });
    expect(() =>
      createWebhookHandler({ secret: SECRET, tools: {}, on: { 'tool-calls': () => ({}) } }),
    ).toThrow(/not both/);
  });
});

describe('messages, bodies and errors', () => {
  it('a notification answers 200 at once; its work continues through waitUntil; its errors reach onError', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const finished = vi.fn();
    const waited: Promise<unknown>[] = [];
    const onError = vi.fn();
    const handler = createWebhookHandler({
      secret: SECRET,
      on: {
        'end-of-call-report': async (report) => {
          expectTypeOf(report.endedReason).toBeString();
          await gate;
          finished(report.endedReason);
          throw new Error('store is down');
        },
      },
      waitUntil: (work) => waited.push(work),
      onError,
    });
    const body = {
      message: { type: 'end-of-call-report', endedReason: 'customer-ended-call', analysis: {}, artifact: {} },
    };
    const response = await handler(await signedRequest(hmac, body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(finished).not.toHaveBeenCalled();
    release();
    await Promise.all(waited);
    expect(finished).toHaveBeenCalledWith('customer-ended-call');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'store is down' }),
      expect.any(Request),
    );
  });

  it('awaitNotifications: the notification runs before the answer; a throw answers 500 and reaches onError', async () => {
    const onError = vi.fn();
    const stored: string[] = [];
    let fail = false;
    const handler = createWebhookHandler({
      secret: SECRET,
      awaitNotifications: true,
      onError,
      on: {
        'end-of-call-report': async (report) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (fail) throw new Error('disk full at /var/lib/secret');
          stored.push(report.endedReason);
          return { ignored: 'a notification answer is never sent' };
        },
      },
    });
    const body = {
      message: { type: 'end-of-call-report', endedReason: 'customer-ended-call', analysis: {}, artifact: {} },
    };
    const ok = await handler(await signedRequest(hmac, body));
    expect(stored).toEqual(['customer-ended-call']);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({});
    fail = true;
    const failed = await handler(await signedRequest(hmac, body));
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('disk full');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'disk full at /var/lib/secret' }),
      expect.any(Request),
    );
    // Types without a handler still answer at once.
    const other = await handler(
      await signedRequest(hmac, { message: { type: 'status-update', status: 'ended' } }),
    );
    expect(other.status).toBe(200);
  });

  it('request-style messages return their handler’s answer; a throw is a 500 without the details', async () => {
    const onError = vi.fn();
    let fail = false;
    const handler = createWebhookHandler({
      secret: SECRET,
      onError,
      on: {
        'assistant-request': (message) => {
          if (fail) throw new Error('db password is hunter2');
          return { assistantId: `for-${message.call?.id}` };
        },
        'voice-request': () =>
          new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/pcm' } }),
      },
    });
    const request = () => signedRequest(hmac, { message: { type: 'assistant-request', call: { id: 'c9' } } });
    expect(await (await handler(await request())).json()).toEqual({ assistantId: 'for-c9' });
    fail = true;
    const failed = await handler(await request());
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('hunter2');
    expect(onError).toHaveBeenCalledTimes(1);
    const audio = await handler(
      await signedRequest(hmac, { message: { type: 'voice-request', text: 'hi', sampleRate: 16000 } }),
    );
    expect(audio.headers.get('content-type')).toBe('audio/pcm');
    expect([...new Uint8Array(await audio.arrayBuffer())]).toEqual([1, 2, 3]);
    // No handler for a message type: an empty 200.
    const other = await handler(
      await signedRequest(hmac, { message: { type: 'transfer-destination-request' } }),
    );
    expect([other.status, await other.json()]).toEqual([200, {}]);
  });

  it('413 over the size limit (declared or streamed), 400 for bad JSON or shape, 405 for GET', async () => {
    const ran = vi.fn();
    const handler = createWebhookHandler({
      secret: SECRET,
      maxBodyBytes: 100,
      on: { hang: ran },
      onError: () => {},
    });
    const big = JSON.stringify({ message: { type: 'hang', pad: 'x'.repeat(200) } });
    expect((await handler(await signedRequest(hmac, big))).status).toBe(413);
    // Streamed without Content-Length.
    const signed = await signWebhook(hmac, { body: big });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < big.length; i += 40)
          controller.enqueue(new TextEncoder().encode(big.slice(i, i + 40)));
        controller.close();
      },
    });
    const streamed = new Request(URL_, {
      method: 'POST',
      headers: signed.headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await handler(streamed)).status).toBe(413);
    const bad = await handler(await signedRequest(hmac, '{"message":'));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^The body is not JSON/);
    const shape = await handler(await signedRequest(hmac, { type: 'hang' }));
    expect(shape.status).toBe(400);
    expect(await shape.json()).toEqual({
      error: 'The body is not a Vapi server message: expected {"message": {"type": …}}.',
    });
    expect((await handler(new Request(URL_))).status).toBe(405);
    expect(ran).not.toHaveBeenCalled();
  });

  it('a message type naming an Object.prototype member runs nothing', async () => {
    const onError = vi.fn();
    const waitUntil = vi.fn();
    const handler = createWebhookHandler({ secret: SECRET, on: {}, onError, waitUntil });
    for (const type of ['hasOwnProperty', 'constructor', '__proto__']) {
      const response = await handler(await signedRequest(hmac, { message: { type } }));
      expect([response.status, await response.json()]).toEqual([200, {}]);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(waitUntil).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('needs a way to verify, or verify: false spelled out', async () => {
    expect(() => createWebhookHandler({})).toThrow(/needs `secret`, `credentials` or `verify`/);
    const open = createWebhookHandler({ verify: false });
    const response = await open(new Request(URL_, { method: 'POST', body: '{"message":{"type":"hang"}}' }));
    expect(response.status).toBe(200);
  });

  it('types: handlers see the narrowed message and must return the expected answer', () => {
    createWebhookHandler({
      secret: SECRET,
      on: {
        'status-update': (message) => {
          expectTypeOf(message.type).toEqualTypeOf<'status-update'>();
          expectTypeOf(message.status).toEqualTypeOf<
            | 'deletion-failed'
            | 'ended'
            | 'forwarding'
            | 'in-progress'
            | 'not-found'
            | 'queued'
            | 'ringing'
            | 'scheduled'
          >();
        },
        // @ts-expect-error -- a call.endpointing.request answer needs timeoutSeconds
        'call.endpointing.request': () => ({ seconds: 3 }),
      },
    });
  });
});

describe('Node adapter', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('toNodeListener serves the handler over node:http with the raw body intact', async () => {
    const handler = createWebhookHandler({
      secret: SECRET,
      tools: { echo: (args) => args },
      onError: () => {},
    });
    const server = createServer(toNodeListener(handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;
    // Signed with node:crypto, with whitespace a re-serialisation would lose.
    const body =
      ' {"message": {"type":"tool-calls","toolCallList":[{"id":"t","type":"function","function":{"name":"echo","arguments":{"a":"é"}}}]}} ';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
    const response = await fetch(`http://127.0.0.1:${port}/vapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-timestamp': timestamp },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      results: [{ toolCallId: 't', name: 'echo', result: '{"a":"é"}' }],
    });
    const refused = await fetch(`http://127.0.0.1:${port}/vapi`, { method: 'POST', body });
    expect(refused.status).toBe(401);
  });
});
