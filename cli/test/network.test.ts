import { describe, expect, it } from 'vitest';
import { parseDuration } from '../src/parse-flags.ts';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({ assistants: [{ name: 'Reception' }] });

describe('--timeout', () => {
  it('reads 30s, 1500ms, 2m and bare seconds', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1500ms')).toBe(1500);
    expect(parseDuration('2m')).toBe(120_000);
    expect(parseDuration('5')).toBe(5000);
    expect(() => parseDuration('0ms')).toThrow('between 1ms and 24 days');
    expect(() => parseDuration('-1s')).toThrow('30s, 1500ms or 2m');
  });

  it('gives up on a slow answer: exit 1 naming the request and the limit', async () => {
    fake.failNext(5, { delayMs: 10_000 });
    const cli = harness({ env: authed });
    expect(await cli.run('--timeout', '100ms', 'assistants', 'list')).toBe(1);
    expect(cli.stderr.text).toBe('voxdesk: GET /assistant timed out after 100 ms\n');
    expect(cli.stdout.text).toBe('');
  });
});

describe('server errors', () => {
  it('a 403 (a key without the right) is exit 4, like a 401', async () => {
    fake.failNext(1, { status: 403 });
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list')).toBe(4);
    expect(cli.stderr.text).toMatch(/^voxdesk: GET \/assistant failed: 403 Forbidden/);
  });

  it('a 429 on a list is retried after Retry-After and succeeds', async () => {
    fake.failNext(1, { status: 429, headers: { 'retry-after': '0' } });
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toHaveLength(1);
    expect(fake.state.requests.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('a 429 that does not pass is exit 1 with the API message', async () => {
    fake.failNext(3, { status: 429, headers: { 'retry-after': '0' } });
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list')).toBe(1);
    expect(cli.stderr.text).toMatch(
      /^(Rate limited by Vapi \(429\); retrying now \(attempt [23] of 3\)…\n){2}voxdesk: GET \/assistant failed: 429 Too Many Requests/,
    );
    expect(fake.state.requests).toHaveLength(3);
  });

  it('a 500 on a create is reported once, not retried (POST is not idempotent)', async () => {
    fake.failNext(1, { status: 500, method: 'POST' });
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'create', '--data', '{"name":"Once"}')).toBe(1);
    expect(cli.stderr.text).toMatch(/^voxdesk: POST \/assistant failed: 500 Internal Server Error/);
    expect(fake.state.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('retries (defect 4, the part the CLI owns)', () => {
  it('a Retry-After longer than --timeout fails at once, saying when to try again', async () => {
    fake.failNext(1, { status: 429, headers: { 'retry-after': '120' } });
    const cli = harness({ env: authed });
    const started = Date.now();
    expect(await cli.run('--timeout', '30s', 'assistants', 'list', '--json')).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000); // a guard against waiting, not a speed measurement
    expect(fake.state.requests).toHaveLength(1);
    expect(cli.stdout.text).toBe('');
    expect(cli.stderr.text).toMatch(
      /^voxdesk: GET \/assistant failed: 429 Too Many Requests: .*; Vapi asks to wait 1[12]\d s: try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, or give --timeout 3m to wait for it\n$/,
    );
  }, 20_000); // before: a silent 60 s wait (then, with --timeout, a pointless early retry)

  it('says on stderr what it is waiting for, once per retry', async () => {
    fake.failNext(2, { status: 429, headers: { 'retry-after': '1' } });
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toHaveLength(1);
    expect(cli.stderr.text).toBe(
      'Rate limited by Vapi (429); retrying in 1 s (attempt 2 of 3)…\n' +
        'Rate limited by Vapi (429); retrying in 1 s (attempt 3 of 3)…\n',
    );
  }, 20_000);

  it('--timeout bounds the whole call, retries included', async () => {
    fake.failNext(5, { status: 503, headers: { 'retry-after': '1' } });
    const cli = harness({ env: authed });
    // The first wait (1 s) fits in 1.5 s; the second would end past it: no third attempt.
    expect(await cli.run('--timeout', '1500ms', 'assistants', 'list')).toBe(1);
    expect(fake.state.requests).toHaveLength(2);
    expect(cli.stderr.text).toMatch(
      /^Vapi answered 503 Service Unavailable; retrying in 1 s \(attempt 2 of 3\)…\nvoxdesk: GET \/assistant failed: 503 /,
    );
  }, 20_000);

  it('--no-retry and --retries 0 send once; --retries 4 tries five times', async () => {
    for (const flags of [['--no-retry'], ['--retries', '0']]) {
      fake.reset();
      fake.failNext(5, { status: 429, headers: { 'retry-after': '0' } });
      const cli = harness({ env: authed });
      expect(await cli.run(...flags, 'assistants', 'list')).toBe(1);
      expect(fake.state.requests).toHaveLength(1);
    }
    fake.reset();
    fake.failNext(5, { status: 503, headers: { 'retry-after': '0' } });
    const cli = harness({ env: authed });
    expect(await cli.run('--retries', '4', 'assistants', 'list')).toBe(1);
    expect(fake.state.requests).toHaveLength(5);
  });

  it('--retries takes 0 to 10 (exit 2)', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('--retries', '11', 'assistants', 'list')).toBe(2);
    expect(cli.stderr.text).toContain('0 to 10');
  });
});

describe('unexpected responses (defect 5, one-object commands)', () => {
  it.each([
    [
      'an HTML page',
      '<html><body>Gateway</body></html>',
      'text/html',
      'text/html "<html><body>Gateway</body></html>"',
    ],
    ['a bare array', '[]', 'application/json', 'a JSON array'],
    ['nothing', '', 'application/json', 'an empty body (status 200)'],
  ])('a 200 with %s is exit 1 "unexpected response"', async (_name, body, type, got) => {
    const id = [...fake.state.assistants.keys()][0]!;
    fake.failNext(1, { status: 200, body, headers: { 'content-type': type } });
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'get', id, '--json')).toBe(1);
    expect(cli.stdout.text).toBe('');
    expect(cli.stderr.text).toBe(
      `voxdesk: unexpected response from GET /assistant/${id}: expected a JSON object, got ${got}\n`,
    );
  });
});

describe('the retry notice', () => {
  it('names the failure, the wait and the attempt; says when a long Retry-After was capped', async () => {
    const { retryNotice } = await import('../src/client.ts');
    const event = {
      attempt: 2,
      maxAttempts: 3,
      status: 429,
      reason: '429 Too Many Requests',
      method: 'GET',
      url: 'https://api.vapi.ai/assistant',
    };
    expect(retryNotice({ ...event, delay: 12_000, retryAfter: 12_000 }, false)).toBe(
      'Rate limited by Vapi (429); retrying in 12 s (attempt 2 of 3)…\n',
    );
    expect(retryNotice({ ...event, delay: 60_000, retryAfter: 120_000 }, false)).toBe(
      'Rate limited by Vapi (429); retrying in 60 s (attempt 2 of 3, sooner than the 120 s Vapi asked for)…\n',
    );
    expect(
      retryNotice({ ...event, status: 0, reason: 'ECONNRESET', delay: 480, retryAfter: undefined }, true),
    ).toBe('\r\u001b[2KCould not reach api.vapi.ai (ECONNRESET); retrying in 0.5 s (attempt 2 of 3)…\n');
    expect(
      retryNotice({ ...event, status: 502, reason: '502 Bad Gateway', delay: 0, retryAfter: 0 }, false),
    ).toBe('Vapi answered 502 Bad Gateway; retrying now (attempt 2 of 3)…\n');
  });
});
