import { describe, expect, it } from 'vitest';
import { boundFetch } from '../src/auth/bound-fetch.ts';
import { harness } from './harness.ts';
import { authed, TOKEN } from './fake-api.ts';

describe('the token goes only to its bound host', () => {
  const seen: string[] = [];
  const record: typeof globalThis.fetch = async (input) => {
    seen.push(input instanceof Request ? input.url : String(input));
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  };

  it('refuses a request carrying the token to another origin, before it leaves', async () => {
    seen.length = 0;
    const fetch = boundFetch(record, 'https://api.vapi.ai', TOKEN);
    const headers = { authorization: `Bearer ${TOKEN}` };
    await expect(fetch('https://elsewhere.test/call', { headers })).rejects.toThrow(
      'refusing to send the API token to https://elsewhere.test: it is bound to https://api.vapi.ai',
    );
    await expect(fetch(new Request('https://api.vapi.ai.evil.test/x', { headers }))).rejects.toThrow(
      /refusing/,
    );
    expect(seen).toEqual([]);
  });

  it('lets through the bound host, and other hosts without the token (control URLs)', async () => {
    seen.length = 0;
    const fetch = boundFetch(record, 'https://api.vapi.ai/', TOKEN);
    await fetch('https://api.vapi.ai/assistant', { headers: { authorization: `Bearer ${TOKEN}` } });
    await fetch('https://phone-call-websocket.vapi.test/c/control', { method: 'POST' });
    await fetch('https://phone-call-websocket.vapi.test/c/control', {
      headers: { authorization: 'Bearer pk-public' },
    });
    expect(seen).toHaveLength(3);
  });

  it('is in the CLI’s client: an SDK request with the token to another host is refused', async () => {
    const cli = harness({ env: authed, fetch: record });
    const { vapi } = await cli.factory.getClient({ retry: false, pager: true });
    seen.length = 0;
    await expect(vapi.send({ url: 'https://elsewhere.test/x', path: '/x' })).rejects.toThrow(
      /refusing to send the API token/,
    );
    expect(seen).toEqual([]);
  });
});
