/** The SDK's typed streaming (`@voxdesk/sdk/streaming`) against the fake's streamed chat answers. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Vapi, VapiAbortError, VapiConnectionError, VapiTimeoutError } from '@voxdesk/sdk';
import { streamChat, streamCompletion, streamResponse, VapiStreamError } from '@voxdesk/sdk/streaming';
import { startFakeVapiServer, type FakeVapiServer } from '../src/index.ts';

const TOKEN = 'sk-stream';
let server: FakeVapiServer;
let vapi: Vapi;

beforeAll(async () => {
  server = await startFakeVapiServer({ token: TOKEN });
  vapi = new Vapi({ token: TOKEN, baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const ANSWER = 'You said: Hello there. How can I help?';

describe('streaming against the fake', () => {
  it('POST /chat: sends accept text/event-stream and stream: true, yields typed deltas', async () => {
    const stream = await streamChat(vapi, { assistantId: 'a1', input: 'Hello there' });
    expect(stream.requestId).toMatch(/-SJC$/);
    const deltas: string[] = [];
    for await (const event of stream) deltas.push(event.delta);
    expect(deltas.join('')).toBe(ANSWER);
    expect(stream.eventCount).toBe(deltas.length);
    const sent = server.state.requests.find((r) => r.path === '/chat')!;
    expect(sent.headers.accept).toBe('text/event-stream');
    expect(JSON.parse(sent.body)).toEqual({ assistantId: 'a1', input: 'Hello there', stream: true });
  });

  it('the first event arrives while the server still holds the rest of the stream', async () => {
    let release!: () => void;
    server.streamNext({ after: 1, until: new Promise<void>((resolve) => (release = resolve)) });
    const stream = await streamChat(vapi, { input: 'Hello there' });
    const iterator = stream[Symbol.asyncIterator]();
    // Resolves only if the event is delivered before the held end: no clock involved.
    const first = await iterator.next();
    expect(first.value).toMatchObject({ delta: 'You ' });
    release();
    let rest = '';
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest += next.value.delta;
    expect(`You ${rest}`).toBe(ANSWER);
  });

  it('Responses and completions formats: finalText() joins the text deltas; [DONE] ends', async () => {
    expect(
      await (await streamResponse(vapi, { assistantId: 'a1', input: 'Hello there' } as never)).finalText(),
    ).toBe(ANSWER);
    const completion = await streamCompletion(vapi, { messages: [{ role: 'user', content: 'Hello there' }] });
    expect(await completion.finalText()).toBe(ANSWER);
  });

  it('a dropped connection is a VapiConnectionError counting the events received', async () => {
    // The drop waits until the client has read 3 events (the server cannot know otherwise).
    let release!: () => void;
    server.streamNext({ after: 3, mode: 'drop', until: new Promise<void>((resolve) => (release = resolve)) });
    const stream = await streamChat(vapi, { input: 'Hello there' });
    const iterator = stream[Symbol.asyncIterator]();
    for (let n = 0; n < 3; n++) await iterator.next();
    release();
    const error = await iterator.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiConnectionError);
    expect((error as Error).message).toBe('POST /chat: the stream dropped after 3 events');
    // Not retried: one request.
    expect(server.state.requests.filter((r) => r.path === '/chat')).toHaveLength(1);
  });

  it('an error event is a VapiStreamError with the event as its body', async () => {
    server.streamNext({ after: 2, mode: 'error' });
    const stream = await streamResponse(vapi, { input: 'Hello there' } as never);
    const error = await stream.finalText().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiStreamError);
    expect(error).toMatchObject({
      message: 'POST /chat/responses: the stream sent an error: The model failed mid-stream.',
      body: { type: 'error', code: 'ERR_MODEL' },
    });
  });

  it('abort mid-stream is a VapiAbortError; an idle stream a VapiTimeoutError', async () => {
    const aborter = new AbortController();
    let release!: () => void;
    server.streamNext({ after: 1, until: new Promise<void>((resolve) => (release = resolve)) });
    const stream = await streamChat(vapi, { input: 'Hello there' }, { signal: aborter.signal });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    const pending = iterator.next();
    aborter.abort();
    await expect(pending).rejects.toBeInstanceOf(VapiAbortError);
    release();

    let releaseIdle!: () => void;
    server.streamNext({ after: 1, until: new Promise<void>((resolve) => (releaseIdle = resolve)) });
    const idle = await streamChat(vapi, { input: 'Hello there' }, { idleTimeout: 200 });
    const idleError = await idle.finalText().catch((e: unknown) => e);
    releaseIdle();
    expect(idleError).toBeInstanceOf(VapiTimeoutError);
    expect((idleError as Error).message).toBe(
      'POST /chat: the stream sent no data for 200 ms (after 1 events)',
    );
  });

  it('tee() gives two readers the same events; toReadableStream() gives NDJSON', async () => {
    const [a, b] = (await streamChat(vapi, { input: 'Hello there' })).tee();
    const [ta, tb] = await Promise.all([a.finalText(), b.finalText()]);
    expect([ta, tb]).toEqual([ANSWER, ANSWER]);
    const ndjson = await new Response(
      (await streamChat(vapi, { input: 'Hello there' })).toReadableStream(),
    ).text();
    const lines = ndjson
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { delta: string });
    expect(lines.map((l) => l.delta).join('')).toBe(ANSWER);
    // A stream is read once.
    const once = await streamChat(vapi, { input: 'x' });
    await once.finalText();
    await expect(once.finalText()).rejects.toThrow('A VapiStream can be read once');
  });

  it('a slow drip still arrives whole; without stream: true the route answers JSON as before', async () => {
    server.streamNext({ dripMs: 5 });
    expect(await (await streamChat(vapi, { input: 'Hello there' })).finalText()).toBe(ANSWER);
    const plain = await vapi.chats.create({ input: 'Hello there' } as never);
    expect(plain).toHaveProperty('id');
  });
});
