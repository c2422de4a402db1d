import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({ calls: [{ id: 'call-1', type: 'outboundPhoneCall', status: 'queued' }] });

/**
 * A fetch that lets the call move on after each poll, as a live call does: each step
 * patches the stored call before the next request is answered.
 */
function advancing(steps: Record<string, unknown>[]): typeof fetch {
  let polls = 0;
  return async (input, init) => {
    const step = steps[Math.min(polls, steps.length - 1)];
    polls++;
    fake.state.calls.set('call-1', { ...fake.state.calls.get('call-1')!, ...step });
    return globalThis.fetch(input, init);
  };
}

const conversation = [
  { status: 'queued' },
  { status: 'queued' },
  {
    status: 'in-progress',
    artifact: { messages: [{ role: 'bot', message: 'Thanks for calling: how can I help?' }] },
  },
  {
    status: 'in-progress',
    artifact: {
      messages: [
        { role: 'system', message: 'You are a receptionist' },
        { role: 'bot', message: 'Thanks for calling: how can I help?' },
        { role: 'user', message: 'A table for two' },
      ],
    },
  },
];

describe('calls watch', () => {
  it('prints each status change and each new transcript line once, exit 0 when the call ends', async () => {
    const ended = {
      ...conversation.at(-1),
      status: 'ended',
      endedReason: 'customer-ended-call',
    };
    const cli = harness({
      tty: true,
      env: { ...authed, NO_COLOR: '1' },
      fetch: advancing([...conversation, ended]),
    });
    expect(await cli.run('calls', 'watch', 'call-1', '--interval', '1ms')).toBe(0);
    expect(cli.stdout.text).toBe(
      [
        'status  queued',
        'assistant  Thanks for calling: how can I help?',
        'status  in-progress',
        'user  A table for two',
        'status  ended',
        'ended  customer-ended-call',
        '',
      ].join('\n'),
    );
    expect(fake.state.requests.every((r) => r.method === 'GET' && r.path === '/call/call-1')).toBe(true);
    expect(fake.state.requests).toHaveLength(5);
  });

  it('piped, prints one TSV row per event, the last transcript line before the final status', async () => {
    const ended = {
      status: 'ended',
      endedReason: 'customer-ended-call',
      transcript: 'AI: Hello\tthere\nUser: Bye',
    };
    const cli = harness({ env: authed, fetch: advancing([{ status: 'in-progress' }, ended]) });
    expect(await cli.run('calls', 'watch', 'call-1', '--interval', '1ms')).toBe(0);
    expect(cli.stdout.text).toBe(
      'status\tin-progress\nassistant\tHello there\nuser\tBye\nstatus\tended\nended\tcustomer-ended-call\n',
    );
  });

  it('rides out 6 × 502 (HTML bodies) until the call ends: exit 0, one stderr line per try', async () => {
    let failures = 6;
    const steps = advancing([
      { status: 'in-progress' },
      { status: 'in-progress' },
      { status: 'ended', endedReason: 'assistant-ended-call' },
    ]);
    const flaky: typeof fetch = async (input, init) => {
      // The first poll passes; the next six meet a proxy whose upstream is down.
      if (fake.state.requests.length > 0 && failures > 0) {
        failures--;
        return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 });
      }
      return steps(input, init);
    };
    const cli = harness({ env: authed, fetch: flaky });
    expect(await cli.run('--no-retry', 'calls', 'watch', 'call-1', '--interval', '1ms')).toBe(0);
    expect(failures).toBe(0);
    expect(cli.stdout.text).toBe('status\tin-progress\nstatus\tended\nended\tassistant-ended-call\n');
    expect(
      cli.stderr.text.match(/^! Vapi answered 502; trying again in \d+ ms \(Ctrl-C to stop\)$/gm),
    ).toHaveLength(6);
    expect(cli.stderr.text).toMatch(/^! reconnected after \d+ (ms|s)$/m);
    expect(cli.stderr.text).not.toContain('<html>');
  }, 60_000);

  it('exits 6 ("lost the connection") when the outage outlasts --max-outage', async () => {
    const down: typeof fetch = async () => new Response('<html>502</html>', { status: 502 });
    const cli = harness({ env: authed, fetch: down });
    expect(
      await cli.run('--no-retry', 'calls', 'watch', 'call-1', '--interval', '1ms', '--max-outage', '20ms'),
    ).toBe(6);
    expect(cli.stdout.text).toBe('');
    expect(cli.stderr.text).toMatch(
      /voxdesk: lost the connection: Vapi answered 502, for \d+ ms \(--max-outage 20 ms\)\n$/,
    );
  }, 60_000);

  it('exits 5 when the call ends with an error reason; --json gives one event per line', async () => {
    const failed = {
      status: 'ended',
      endedReason: 'twilio-failed-to-connect-call',
      transcript: 'AI: Hello\nUser: Hi',
    };
    const cli = harness({ env: authed, fetch: advancing([{ status: 'ringing' }, failed]) });
    expect(await cli.run('calls', 'watch', 'call-1', '--interval', '1ms', '--json')).toBe(5);
    const events = cli.stdout.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map(({ at: _at, ...event }) => event)).toEqual([
      { type: 'status', status: 'ringing' },
      { type: 'transcript', role: 'assistant', text: 'Hello' },
      { type: 'transcript', role: 'user', text: 'Hi' },
      { type: 'status', status: 'ended' },
      { type: 'ended', endedReason: 'twilio-failed-to-connect-call' },
    ]);
    expect(cli.stderr.text).toBe('voxdesk: call call-1 failed: twilio-failed-to-connect-call\n');
  });

  it('stops with 130 when interrupted (as Ctrl-C), having printed what it saw', async () => {
    const stop = new AbortController();
    const cli = harness({ env: { ...authed, NO_COLOR: '1' }, signal: stop.signal });
    const running = cli.run('calls', 'watch', 'call-1', '--interval', '5ms');
    await expect.poll(() => cli.stdout.text).toBe('status\tqueued\n');
    stop.abort();
    expect(await running).toBe(130);
    expect(cli.stderr.text).toBe('');
  });

  it('an unknown call is the API’s 404 (exit 1); a bad interval is exit 2', async () => {
    const missing = harness({ env: authed });
    expect(await missing.run('calls', 'watch', 'nope')).toBe(1);
    expect(missing.stderr.text).toContain('404');
    // The interval is refused by its parser, before the command runs (the runF seam sees nothing).
    const bad = harness({ env: authed });
    const { code, parsed } = await bad.parse('calls', 'watch', 'call-1', '--interval', 'often');
    expect(code).toBe(2);
    expect(parsed).toBeUndefined();
    expect(bad.stderr.text).toContain(
      "voxdesk: option '--interval <duration>' argument 'often' is invalid. use a duration like 30s, 1500ms or 2m (a bare number is seconds).",
    );
  });
});

describe('calls watch --json [fields] and --jq (the output flags, per event)', () => {
  const failed = { status: 'ended', endedReason: 'customer-ended-call', transcript: 'AI: Hello\nUser: Hi' };

  it('--json type,text keeps those fields of each event line', async () => {
    const cli = harness({ env: authed, fetch: advancing([{ status: 'ringing' }, failed]) });
    expect(await cli.run('calls', 'watch', 'call-1', '--interval', '1ms', '--json', 'type,text')).toBe(0);
    expect(cli.stdout.text).toBe(
      [
        '{"type":"status"}',
        '{"type":"transcript","text":"Hello"}',
        '{"type":"transcript","text":"Hi"}',
        '{"type":"status"}',
        '{"type":"ended"}',
        '',
      ].join('\n'),
    );
  });

  it('--jq runs once per event; an unknown field is exit 2 naming the valid ones', async () => {
    const cli = harness({ env: authed, fetch: advancing([{ status: 'ringing' }, failed]) });
    expect(
      await cli.run(
        'calls',
        'watch',
        'call-1',
        '--interval',
        '1ms',
        '--jq',
        'select(.type=="transcript") | .text',
      ),
    ).toBe(0);
    expect(cli.stdout.text).toBe('Hello\nHi\n');
    const bad = harness({ env: authed });
    expect(await bad.run('calls', 'watch', 'call-1', '--json', 'speaker')).toBe(2);
    expect(bad.stderr.text).toContain('valid fields: at, endedReason, role, status, text, type');
  });
});
