import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';
import { harness } from './harness.ts';

/*
 * Vapi's `Retry-After: 120` against the SDK's 60 s cap, scaled down so no test sleeps for
 * minutes: a loopback server answers 429 with `Retry-After: 2` and the CLI's cap is 1 s.
 */
const token = 'sk-retry-after';
let server: FakeVapiServer;
beforeAll(async () => {
  server = await startFakeVapiServer({ token, seed: { assistants: [{ name: 'Reception' }] } });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const cli = () => harness({ env: { VAPI_TOKEN: token, VAPI_BASE_URL: server.url }, maxRetryAfter: 1000 });

describe('a Retry-After longer than the cap (a loopback 429 server)', () => {
  it('without --timeout: fails at once, saying when to retry and which --timeout would wait', async () => {
    server.failNext(1, { status: 429, headers: { 'retry-after': '2' } });
    const run = cli();
    expect(await run.run('assistants', 'list', '--json')).toBe(1);
    expect(server.state.requests).toHaveLength(1);
    expect(run.stdout.text).toBe('');
    expect(run.stderr.text).toMatch(
      /^voxdesk: GET \/assistant failed: 429 .*; Vapi asks to wait 2 s: try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, or give --timeout 2m to wait for it\n$/,
    );
  }, 30_000);

  it('--timeout past the cap waits it out (the SDK maxRetryAfter) and succeeds', async () => {
    server.failNext(1, { status: 429, headers: { 'retry-after': '2' } });
    const run = cli();
    expect(await run.run('--timeout', '30s', 'assistants', 'list', '--json')).toBe(0);
    expect(JSON.parse(run.stdout.text)).toHaveLength(1);
    expect(server.state.requests).toHaveLength(2);
    expect(run.stderr.text).toBe('Rate limited by Vapi (429); retrying in 2 s (attempt 2 of 3)…\n');
  }, 30_000);

  it('a --timeout shorter than the wait still fails at once (it is the deadline too)', async () => {
    server.failNext(1, { status: 429, headers: { 'retry-after': '2' } });
    const run = cli();
    expect(await run.run('--timeout', '1500ms', 'assistants', 'list', '--json')).toBe(1);
    expect(server.state.requests).toHaveLength(1);
    expect(run.stderr.text).toContain('Vapi asks to wait 2 s');
  }, 30_000);
});
