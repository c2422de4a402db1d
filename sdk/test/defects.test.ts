/**
 * Issue 18's defects, one test each: every one failed on the interpreted client (methods
 * attached at run time from the compact table) and passes on the generated surface.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Vapi, VapiArgumentError, VapiUnexpectedResponseError } from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();

interface Seen {
  method: string;
  url: URL;
  contentType: string | null;
  body: string;
}

/** Answers every request with `answer` and records what arrived. */
function record(answer: () => Response = () => HttpResponse.json({ id: 'x' })): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      seen.push({
        method: request.method,
        url: new URL(request.url),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      });
      return answer();
    }),
  );
  return seen;
}

const vapi = () => new Vapi({ token: 'sk', baseUrl: BASE, retry: 0 });

describe('paths: dot segments and empty values never reach the server', () => {
  it.each([
    ['vapi.assistants.delete("..")', (v: Vapi) => v.assistants.delete('..')],
    ['vapi.assistants.get(".")', (v: Vapi) => v.assistants.get('.')],
    ['vapi.testSuites.runs.get("..", "x")', (v: Vapi) => v.testSuites.runs.get('..', 'x')],
    ['vapi.assistants.delete("%2e%2e")', (v: Vapi) => v.assistants.delete('%2e%2e')],
    ['vapi.assistants.delete("%2E%2e")', (v: Vapi) => v.assistants.delete('%2E%2e')],
    ['vapi.assistants.delete(".%2e")', (v: Vapi) => v.assistants.delete('.%2e')],
    ['vapi.calls.get("%2E")', (v: Vapi) => v.calls.get('%2E')],
    ['vapi.assistants.get("")', (v: Vapi) => v.assistants.get('')],
  ])('%s throws VapiArgumentError and sends nothing', async (_, call) => {
    const seen = record();
    const error = await call(vapi()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiArgumentError);
    expect(String(error)).toMatch(/Path parameter \d of .* (a dot segment|must be a non-empty string)/);
    expect(seen).toEqual([]);
  });

  it('still encodes ids that merely contain dots or slashes', async () => {
    const seen = record();
    await vapi().assistants.get('a..b/../c');
    expect(seen[0]?.url.pathname).toBe('/assistant/a..b%2F..%2Fc');
  });

  it('refuses only a whole dot segment: ids that start or end with dots are ids', async () => {
    const seen = record();
    for (const id of ['.env', '..x', 'v1.', 'x..', '%2E%2Ex']) await vapi().assistants.get(id);
    expect(seen.map((s) => s.url.pathname)).toEqual([
      '/assistant/.env',
      '/assistant/..x',
      '/assistant/v1.',
      '/assistant/x..',
      '/assistant/%252E%252Ex',
    ]);
  });
});

describe('request bodies, queries and headers the document requires', () => {
  it('chats.create sends CreateChatDTO', async () => {
    const seen = record();
    await vapi().chats.create({ assistantId: 'a1', input: 'Hello' });
    expect(seen[0]).toMatchObject({ method: 'POST', contentType: 'application/json' });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ assistantId: 'a1', input: 'Hello' });
  });

  it('calls.delete can send DeleteCallDTO {ids} (bulk delete), and still works without', async () => {
    const seen = record();
    await vapi().calls.delete('c1', { ids: ['c1', 'c2'] });
    await vapi().calls.delete('c3');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ ids: ['c1', 'c2'] });
    expect(seen[1]).toMatchObject({ method: 'DELETE', body: '', contentType: null });
  });

  it('files.list sends the purpose query', async () => {
    const seen = record(() => HttpResponse.json([]));
    await vapi().files.list({ purpose: 'knowledge-base' });
    expect(seen[0]?.url.search).toBe('?purpose=knowledge-base');
  });

  it('structuredOutputs.update sends its required schemaOverride query beside the body', async () => {
    const seen = record();
    await vapi().structuredOutputs.update('so1', { name: 'n' }, { schemaOverride: 'true' });
    expect(seen[0]?.url.pathname).toBe('/structured-output/so1');
    expect(seen[0]?.url.search).toBe('?schemaOverride=true');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: 'n' });
  });

  it('providerResources.create sends the content-type the document requires', async () => {
    const seen = record();
    await vapi().providerResources.create('11labs', 'pronunciation-dictionary');
    expect(seen[0]?.contentType).toBe('application/json');
  });

  it('accepts Date for createdAt/updatedAt bounds and sends ISO strings', async () => {
    const seen = record(() => HttpResponse.json([]));
    await vapi().assistants.list({ createdAtGt: new Date('2026-01-02T03:04:05.000Z'), limit: 2 });
    expect(seen[0]?.url.searchParams.get('createdAtGt')).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('a 2xx that is not the JSON the operation promises raises VapiUnexpectedResponseError', () => {
  it.each([
    [
      'a text/html page',
      () => new HttpResponse('<html>login</html>', { headers: { 'content-type': 'text/html' } }),
      'text/html "<html>login</html>"',
    ],
    [
      'text/plain that is not JSON',
      () => new HttpResponse('ok', { headers: { 'content-type': 'text/plain; charset=utf-8' } }),
      'text/plain "ok"',
    ],
    [
      'JSON under another content type',
      () => new HttpResponse('{"id":"a1"}', { headers: { 'content-type': 'text/html' } }),
      'text/html "{"id":"a1"}"',
    ],
    [
      'invalid JSON',
      () => new HttpResponse('{"id": ', { headers: { 'content-type': 'application/json' } }),
      'invalid application/json "{"id":"',
    ],
    ['an array where an object is promised', () => HttpResponse.json([{ id: 'a' }]), 'a JSON array'],
    [
      'an empty body',
      () => new HttpResponse('', { headers: { 'content-type': 'application/json' } }),
      'an empty body (status 200)',
    ],
  ])('%s', async (_, answer, got) => {
    record(answer);
    const error = await vapi()
      .assistants.get('a1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiUnexpectedResponseError);
    expect(error).toMatchObject({ status: 200, method: 'GET' });
    expect(error).toHaveProperty(
      'message',
      `unexpected response from GET /assistant/a1: expected a JSON object, got ${got}`,
    );
  });

  it('a JSON body parses without a JSON content type: none, or text/plain (issue 27)', async () => {
    // The commonest stub: `new Response(JSON.stringify(x))` says text/plain;charset=UTF-8.
    record(() => new Response(JSON.stringify([{ id: 'a1' }])));
    expect(await vapi().assistants.list()).toEqual([{ id: 'a1' }]);
    expect(await vapi().request({ method: 'GET', path: '/assistant' })).toEqual([{ id: 'a1' }]);
    // No content type at all (a bare mock server); a custom fetch, so nothing adds one on the way.
    const untyped = (body: string) => () => {
      const response = new Response(body);
      response.headers.delete('content-type');
      return Promise.resolve(response);
    };
    const bare = new Vapi({ token: null, baseUrl: BASE, fetch: untyped('{"id":"a1"}') });
    expect(await bare.assistants.get('a1')).toEqual({ id: 'a1' });
    expect(await bare.request({ method: 'GET', path: '/assistant/a1' })).toEqual({ id: 'a1' });
    const text = new Vapi({ token: null, baseUrl: BASE, fetch: untyped('ok') });
    await expect(text.assistants.get('a1')).rejects.toThrow(
      'unexpected response from GET /assistant/a1: expected a JSON object, got text (no content type) "ok"',
    );
    expect(await text.request({ method: 'GET', path: '/assistant/a1' })).toBe('ok');
  });

  it('an object where a list promises an array', async () => {
    record(() => HttpResponse.json({ results: [] }));
    await expect(vapi().assistants.list()).rejects.toThrow(VapiUnexpectedResponseError);
  });
});
