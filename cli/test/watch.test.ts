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
    const cli = harness({ env: { ...authed, NO_COLOR: '1' }, fetch: advancing([...conversation, ended]) });
    expect(await cli.run('calls', 'watch', 'call-1', '--interval', '1ms')).toBe(0);
    expect(cli.stdout.text).toBe(
      [
        'status  queued',
        'status  in-progress',
        'assistant  Thanks for calling: how can I help?',
        'user  A table for two',
        'status  ended',
        'ended  customer-ended-call',
        '',
      ].join('\n'),
    );
    expect(fake.state.requests.every((r) => r.method === 'GET' && r.path === '/call/call-1')).toBe(true);
    expect(fake.state.requests).toHaveLength(5);
  });

  it('exits 1 when the call ends with an error reason; --json gives one event per line', async () => {
    const failed = {
      status: 'ended',
      endedReason: 'twilio-failed-to-connect-call',
      transcript: 'AI: Hello\nUser: Hi',
    };
    const cli = harness({ env: authed, fetch: advancing([{ status: 'ringing' }, failed]) });
    expect(await cli.run('calls', 'watch', 'call-1', '--interval', '1ms', '--json')).toBe(1);
    const events = cli.stdout.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map(({ at: _at, ...event }) => event)).toEqual([
      { type: 'status', status: 'ringing' },
      { type: 'status', status: 'ended' },
      { type: 'transcript', role: 'assistant', text: 'Hello' },
      { type: 'transcript', role: 'user', text: 'Hi' },
      { type: 'ended', endedReason: 'twilio-failed-to-connect-call' },
    ]);
    expect(cli.stderr.text).toBe('voxdesk: call call-1 failed: twilio-failed-to-connect-call\n');
  });

  it('stops with 130 when interrupted (as Ctrl-C), having printed what it saw', async () => {
    const stop = new AbortController();
    const cli = harness({ env: { ...authed, NO_COLOR: '1' }, signal: stop.signal });
    const running = cli.run('calls', 'watch', 'call-1', '--interval', '5ms');
    await expect.poll(() => cli.stdout.text).toBe('status  queued\n');
    stop.abort();
    expect(await running).toBe(130);
    expect(cli.stderr.text).toBe('');
  });

  it('an unknown call is the API’s 404 (exit 1); a bad interval is exit 2', async () => {
    const missing = harness({ env: authed });
    expect(await missing.run('calls', 'watch', 'nope')).toBe(1);
    expect(missing.stderr.text).toContain('404');
    const bad = harness({ env: authed });
    expect(await bad.run('calls', 'watch', 'call-1', '--interval', 'often')).toBe(2);
  });
});
