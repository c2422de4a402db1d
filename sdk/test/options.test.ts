import { describe, expect, it } from 'vitest';
import { Vapi, type VapiOptions } from '../src/index.ts';

const make = (options: unknown) => () => new Vapi(options as VapiOptions);

describe('constructor options are checked up front', () => {
  it('accepts no options and every documented option', () => {
    expect(make(undefined)).not.toThrow();
    expect(
      make({
        token: () => 'sk',
        baseUrl: 'http://127.0.0.1:9999/vapi/',
        timeout: 5000,
        retry: { limit: 3, backoffLimit: 1000, maxRetryAfter: 5000 },
        fetch: globalThis.fetch,
        headers: { 'x-app': 'voxdesk' },
      }),
    ).not.toThrow();
  });

  it.each([
    ['not an object', 'sk', 'new Vapi(options): options must be an object (got "sk").'],
    [
      'an unknown key',
      { tokne: 'sk' },
      'unknown option "tokne". Known options: token, baseUrl, timeout, totalTimeout, retry, onRetry, onRequest, onResponse, fetch, headers.',
    ],
    [
      'a token with a newline',
      { token: 'sk\n' },
      '"token" must be an API key without whitespace, or a function returning one (got "sk\\n").',
    ],
    [
      'a token of the wrong type',
      { token: 42 },
      '"token" must be an API key without whitespace, or a function returning one (got 42)',
    ],
    [
      'a relative baseUrl',
      { baseUrl: 'api.vapi.ai' },
      '"baseUrl" must be an http(s) URL without credentials, query or hash (got "api.vapi.ai"). Use e.g. baseUrl: \'https://api.vapi.ai\'.',
    ],
    ['a non-http baseUrl', { baseUrl: 'ftp://api.vapi.ai' }, '"baseUrl" must be an http(s) URL'],
    [
      'a baseUrl with a query',
      { baseUrl: 'https://api.vapi.ai?x=1' },
      '"baseUrl" must be an http(s) URL without credentials, query or hash',
    ],
    [
      'a baseUrl with credentials',
      { baseUrl: 'https://user:pass@api.vapi.ai' },
      '"baseUrl" must be an http(s) URL without credentials, query or hash (got "https://user:pass@api.vapi.ai")',
    ],
    [
      'a baseUrl with a password only',
      { baseUrl: 'https://:pass@api.vapi.ai' },
      '"baseUrl" must be an http(s) URL without credentials, query or hash',
    ],
    [
      'a baseUrl with a user name only',
      { baseUrl: 'http://user@127.0.0.1:8080/vapi' },
      '"baseUrl" must be an http(s) URL without credentials, query or hash',
    ],
    [
      'a timeout in seconds text',
      { timeout: '5s' },
      '"timeout" must be a whole number of milliseconds (got "5s"). Use e.g. timeout: 30000.',
    ],
    ['a zero timeout', { timeout: 0 }, '"timeout" must be a whole number of milliseconds (got 0)'],
    [
      'a negative retry',
      { retry: -1 },
      '"retry" must be a retry count from 0 to 10, or { limit, backoffLimit, maxRetryAfter } (ms) (got -1). Use e.g. retry: 2.',
    ],
    [
      'an unknown retry key',
      { retry: { limit: 1, methods: ['post'] } },
      '"retry" must be a retry count from 0 to 10',
    ],
    ['a bad retry.limit', { retry: { limit: 1.5 } }, '"retry" must be a retry count from 0 to 10'],
    ['a fetch that is not a function', { fetch: 'fetch' }, '"fetch" must be a fetch function (got "fetch")'],
    [
      'a header that is not a string',
      { headers: { 'x-n': 1 } },
      "\"headers\" must be an object of string values (got [object Object]). Use e.g. headers: { 'x-trace': 'abc' }.",
    ],
  ])('rejects %s with a clear message', (_, options, message) => {
    expect(make(options)).toThrow(TypeError);
    expect(make(options)).toThrow(message);
  });
});

describe('method arguments are checked before sending', () => {
  const vapi = new Vapi({ baseUrl: 'http://127.0.0.1:9' });

  it('rejects a missing or empty path parameter', async () => {
    await expect(vapi.assistants.get(undefined as never)).rejects.toThrow(
      'Path parameter 1 of /assistant/{…} must be a non-empty string (got undefined). Pass the id of an existing record.',
    );
    await expect(vapi.testSuites.runs.get('s1', '')).rejects.toThrow(
      'Path parameter 2 of /test-suite/{…}/run/{…} must be a non-empty string (got an empty string).',
    );
  });

  it('types the arguments: an extra argument does not compile', () => {
    // @ts-expect-error: get takes (id, options?)
    expect(() => vapi.assistants.get('a', {}, {})).toBeTypeOf('function');
  });

  it('rejects a query that is not an object, and bad request options', async () => {
    await expect(vapi.assistants.list('limit=5' as never)).rejects.toThrow(
      'GET /assistant: the query must be an object (got limit=5). Use e.g. { limit: 10 }.',
    );
    await expect(vapi.assistants.list({}, { timeout: -5 })).rejects.toThrow(
      'GET /assistant: "timeout" must be a whole number of milliseconds (got -5)',
    );
    await expect(vapi.assistants.list({}, { signal: 'stop' } as never)).rejects.toThrow(
      '"signal" must be an AbortSignal',
    );
    await expect(vapi.assistants.list({}, { retires: 2 } as never)).rejects.toThrow(
      'unknown option "retires"',
    );
  });
});
