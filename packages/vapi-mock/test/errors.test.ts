import { describe, expect, it } from 'vitest';
import { api, callPrerequisites, useFakeVapi } from './helpers.ts';

const fake = useFakeVapi();

const badRequest = (message: string | string[]) => ({ message, error: 'Bad Request', statusCode: 400 });

describe('error shapes', () => {
  it('rejects an assistant whose name is not a string, storing nothing', async () => {
    const answer = await api('POST', '/assistant', { body: { name: 42 } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(badRequest(['name must be a string']));
    expect(fake.state.assistants.size).toBe(0);
  });

  it('words length, range, enum and unknown-field failures like class-validator', async () => {
    const answer = await api('POST', '/assistant', {
      body: { name: 'x'.repeat(41), maxDurationSeconds: 5, firstMessageMode: 'shout', colour: 'blue' },
    });
    expect(answer.body.message).toEqual([
      'property colour should not exist',
      'firstMessageMode must be one of the following values: assistant-speaks-first, assistant-speaks-first-with-model-generated-message, assistant-waits-for-user',
      'maxDurationSeconds must not be less than 10',
      'name must be shorter than or equal to 40 characters',
    ]);
  });

  it('validates PATCH and PUT bodies too', async () => {
    const { assistantId } = await callPrerequisites();
    expect((await api('PATCH', `/assistant/${assistantId}`, { body: { name: ['a'] } })).body).toEqual(
      badRequest(['name must be a string']),
    );
    expect((await api('PUT', `/assistant/${assistantId}`, { body: { model: 'gpt' } })).body).toEqual(
      badRequest(['model must be an object']),
    );
    expect(fake.state.assistants.get(assistantId)?.name).toBe('Reception');
  });

  it('answers malformed JSON and non-object bodies with 400', async () => {
    const broken = await api('POST', '/assistant', { body: '{"name": ' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: 'Bad Request', statusCode: 400 });
    expect(typeof broken.body.message).toBe('string');
    expect((await api('POST', '/assistant', { body: '[1,2]' })).status).toBe(400);
  });

  it('reports missing required fields', async () => {
    const answer = await api('POST', '/phone-number/import/twilio', { body: { twilioAccountSid: 'AC1' } });
    expect(answer.body).toEqual(
      badRequest(['twilioPhoneNumber should not be empty', 'twilioPhoneNumber must be a string']),
    );
  });

  it('requires a known tool type', async () => {
    const answer = await api('POST', '/tool', { body: { function: { name: 'lookup' } } });
    expect(answer.status).toBe(400);
    expect(answer.body.message[0]).toBe('type should not be empty');
    expect(answer.body.message[1]).toMatch(
      /^type must be one of the following values: apiRequest, dtmf, endCall, function,/,
    );
    expect((await api('POST', '/tool', { body: { type: 'function' } })).status).toBe(201);
  });

  it('answers 404 for unknown ids', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', `/assistant/${id}`],
      ['PATCH', `/call/${id}`],
      ['DELETE', `/phone-number/${id}`],
      ['GET', `/token/${id}`],
    ] as const) {
      const answer = await api(method, path, { body: method === 'PATCH' ? {} : undefined });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toMatchObject({ error: 'Not Found', statusCode: 404 });
    }
    expect((await api('GET', `/phone-number/${id}`)).body.message).toBe('Phone number not found');
  });

  it('explains what a phone call is missing', async () => {
    const refs = await callPrerequisites();
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { phoneNumberId: refs.phoneNumberId, customer: { number: '+61400000000' } },
        'Need Either `assistant`',
      ],
      [
        { assistantId: refs.assistantId, customer: { number: '+61400000000' } },
        'Need Either `phoneNumberId`',
      ],
      [{ ...refs }, 'Need Either `customer`'],
      [{ ...refs, customer: { number: '0400 000 000' } }, 'E.164'],
      [
        { ...refs, assistantId: 'nope', customer: { number: '+61400000000' } },
        '`assistantId` nope Not Found',
      ],
    ];
    for (const [body, fragment] of cases) {
      const answer = await api('POST', '/call', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(fragment);
    }
    expect((await api('POST', '/call', { body: { ...refs, customer: { number: 7 } } })).body.message).toEqual(
      ['customer.number must be a string'],
    );
    expect(fake.state.calls.size).toBe(0);
  });

  it("refuses a web call with neither assistant nor squad with the spec's message", async () => {
    const answer = await api('POST', '/call/web', { body: { assistantOverrides: {} } });
    expect(answer.body).toEqual(badRequest('Assistant or Squad must be provided.'));
  });

  it('refuses an upload without a file part', async () => {
    const form = new FormData();
    form.append('purpose', 'knowledge-base');
    expect((await api('POST', '/file', { body: form })).body).toEqual(
      badRequest(['file should not be empty']),
    );
    expect((await api('POST', '/file', { body: { file: 'faq.pdf' } })).status).toBe(400);
  });
});
