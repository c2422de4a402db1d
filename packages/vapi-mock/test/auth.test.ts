import { describe, expect, it } from 'vitest';
import { INVALID_KEY_MESSAGE } from '../src/index.ts';
import { api, callPrerequisites, TOKEN, useFakeVapi } from './helpers.ts';

const fake = useFakeVapi({ token: TOKEN });

const unauthorized = { message: INVALID_KEY_MESSAGE, error: 'Unauthorized', statusCode: 401 };

describe('auth', () => {
  it('answers 401 without a bearer token', async () => {
    const answer = await api('GET', '/assistant', { token: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(unauthorized);
  });

  it('answers 401 for a wrong bearer token and for a non-bearer scheme', async () => {
    expect((await api('GET', '/assistant', { token: 'sk-wrong' })).status).toBe(401);
    const basic = await fetch('https://api.vapi.ai/assistant', {
      headers: { authorization: `Basic ${TOKEN}` },
    });
    expect(basic.status).toBe(401);
  });

  it('changes nothing when it refuses a request', async () => {
    await api('POST', '/assistant', { token: 'sk-wrong', body: { name: 'Sneaky' } });
    expect(fake.state.assistants.size).toBe(0);
  });

  it('accepts private tokens created through the API, and public ones only for web calls', async () => {
    const privateToken = await api('POST', '/token', { body: { tag: 'private' } });
    expect((await api('GET', '/assistant', { token: privateToken.body.value })).status).toBe(200);

    const publicToken = await api('POST', '/token', { body: { tag: 'public' } });
    expect((await api('GET', '/assistant', { token: publicToken.body.value })).status).toBe(401);
    const { assistantId } = await callPrerequisites();
    const web = await api('POST', '/call/web', { token: publicToken.body.value, body: { assistantId } });
    expect(web.status).toBe(201);

    await api('DELETE', `/token/${privateToken.body.id}`);
    expect((await api('GET', '/assistant', { token: privateToken.body.value })).status).toBe(401);
  });

  it('accepts a seeded public key for web calls', async () => {
    fake.state.tokens.set('t1', {
      id: 't1',
      tag: 'public',
      value: 'pk-seeded',
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    const web = await api('POST', '/call/web', {
      token: 'pk-seeded',
      body: { assistant: { name: 'Inline' } },
    });
    expect(web.status).toBe(201);
  });

  it('lets the credential webhook through without a token, as Vapi does', async () => {
    const answer = await api('POST', '/credential/webhook', { token: null, body: { type: 'auth' } });
    expect(answer.status).toBe(201);
  });

  it('records the headers and body each request carried', async () => {
    await api('GET', '/assistant?limit=2');
    await api('POST', '/assistant', { body: { name: 'Logged' } });
    expect(fake.state.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/assistant',
        search: '?limit=2',
        headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
        body: '',
      }),
      expect.objectContaining({ method: 'POST', body: '{"name":"Logged"}' }),
    ]);
    expect(fake.state.assistants.size).toBe(1); // reading the log copy left the body for the route
  });
});
