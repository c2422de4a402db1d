/** `@voxdesk/sdk/tools`: defineTool in the webhook handler, syncTools against the fake. */
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { Vapi } from '@voxdesk/sdk';
import { defineTool, syncTools } from '@voxdesk/sdk/tools';
import { createWebhookHandler } from '@voxdesk/sdk/webhooks';
import { startFakeVapiServer, type FakeVapiServer } from '../src/index.ts';

/** One tool-calls delivery to a handler; resolves with its parsed answer. */
async function deliver(
  handler: (request: Request) => Promise<Response>,
  calls: { id: string; name: string; arguments: unknown }[],
) {
  const message = {
    type: 'tool-calls',
    call: { id: 'call-1' },
    toolCallList: calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    })),
    toolWithToolCallList: [],
  };
  const response = await handler(
    new Request('http://127.0.0.1/vapi', { method: 'POST', body: JSON.stringify({ message }) }),
  );
  return (await response.json()) as { results: Record<string, unknown>[] };
}

describe('defineTool', () => {
  it('infers the handler’s argument type from a zod schema (type test) and from JSON Schema', () => {
    defineTool({
      name: 'book',
      parameters: z.object({ day: z.string(), seats: z.number().optional() }),
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ day: string; seats?: number | undefined }>();
        return 'ok';
      },
    });
    defineTool({
      name: 'lookup',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
        return 'ok';
      },
    });
  });

  it('validates arguments: a failure is an error the model hears, and the handler does not run', async () => {
    let runs = 0;
    const book = defineTool({
      name: 'bookAppointment',
      description: 'Books a check-up',
      parameters: z.object({ day: z.enum(['Monday', 'Tuesday']), time: z.string() }),
      handler: ({ day, time }) => {
        runs++;
        return {
          result: { booked: `${day} ${time}` },
          message: `You are booked for ${day}.`,
          metadata: { slot: 7 },
        };
      },
    });
    const lookup = defineTool({
      name: 'lookup',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      handler: ({ id }) => `found ${String(id)}`,
    });
    const handler = createWebhookHandler({
      verify: false,
      tools: { [book.toolName]: book, [lookup.toolName]: lookup },
    });
    const answer = await deliver(handler, [
      { id: 't1', name: 'bookAppointment', arguments: { day: 'Monday', time: '09:30' } },
      { id: 't2', name: 'bookAppointment', arguments: { day: 'Sunday' } },
      { id: 't3', name: 'lookup', arguments: '{"id": 42}' },
      { id: 't4', name: 'lookup', arguments: { id: 'c-9' } },
    ]);
    expect(answer.results).toEqual([
      {
        toolCallId: 't1',
        name: 'bookAppointment',
        result: '{"booked":"Monday 09:30"}',
        message: { type: 'request-complete', content: 'You are booked for Monday.' },
        metadata: { slot: 7 },
      },
      {
        toolCallId: 't2',
        name: 'bookAppointment',
        error: expect.stringMatching(/^Invalid arguments for bookAppointment: day: .*; time: /),
      },
      {
        toolCallId: 't3',
        name: 'lookup',
        error: 'Invalid arguments for lookup: id: expected string, got number',
      },
      { toolCallId: 't4', name: 'lookup', result: 'found c-9' },
    ]);
    expect(runs).toBe(1);
  });

  it('answers a duplicate delivery of a toolCallId once, and a late handler with the fallback on time', async () => {
    let runs = 0;
    let finish!: () => void;
    const slow = defineTool({
      name: 'slow',
      parameters: z.object({}),
      timeoutMs: 50,
      fallbackMessage: 'Still checking; I will text you.',
      // Held by a promise the test releases only after the answer: never a race on a clock.
      handler: () => new Promise<string>((resolve) => (finish = () => resolve('done'))),
    });
    const once = defineTool({ name: 'once', parameters: z.object({}), handler: () => `run ${++runs}` });
    const handler = createWebhookHandler({ verify: false, tools: { slow, once } });
    const [late] = (await deliver(handler, [{ id: 's1', name: 'slow', arguments: {} }])).results;
    finish();
    expect(late).toEqual({ toolCallId: 's1', name: 'slow', error: 'Still checking; I will text you.' });
    const first = await deliver(handler, [{ id: 'd1', name: 'once', arguments: {} }]);
    const again = await deliver(handler, [{ id: 'd1', name: 'once', arguments: {} }]);
    expect(again).toEqual(first);
    expect(runs).toBe(1);
    await deliver(handler, [{ id: 'd2', name: 'once', arguments: {} }]);
    expect(runs).toBe(2);
  });

  it('refuses a bad name at once', () => {
    expect(() =>
      defineTool({ name: 'book appointment', parameters: z.object({}), handler: () => '' }),
    ).toThrow('defineTool: name must be 1-64 letters, digits, _ or -');
  });
});

describe('syncTools against the fake', () => {
  const TOKEN = 'sk-tools';
  let server: FakeVapiServer;
  let vapi: Vapi;
  beforeAll(async () => {
    server = await startFakeVapiServer({ token: TOKEN });
    vapi = new Vapi({ token: TOKEN, baseUrl: server.url });
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  const book = (description: string) =>
    defineTool({
      name: 'bookAppointment',
      description,
      parameters: z.object({ day: z.string() }),
      handler: () => 'ok',
    });

  it('creates, then leaves alone, then updates, never duplicating', async () => {
    await vapi.tools.create({ type: 'function', function: { name: 'unrelated' } } as never);
    const url = 'https://example.test/api/vapi';
    const created = await syncTools(vapi, [book('Books a check-up')], { serverUrl: url });
    expect(created).toEqual([{ name: 'bookAppointment', id: expect.any(String), action: 'created' }]);
    const again = await syncTools(vapi, [book('Books a check-up')], { serverUrl: url });
    expect(again).toEqual([{ ...created[0], action: 'unchanged' }]);
    const updated = await syncTools(vapi, [book('Books a dental check-up')], { serverUrl: url });
    expect(updated).toEqual([{ ...created[0], action: 'updated' }]);
    const tools = await vapi.tools.list();
    expect(
      tools.filter((t) => (t as { function?: { name?: string } }).function?.name === 'bookAppointment'),
    ).toHaveLength(1);
    expect(await vapi.tools.get(created[0]!.id)).toMatchObject({
      type: 'function',
      function: {
        name: 'bookAppointment',
        description: 'Books a dental check-up',
        parameters: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'] },
      },
      server: { url, timeoutSeconds: 20 },
    });
  });
});
