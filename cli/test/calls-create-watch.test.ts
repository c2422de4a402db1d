import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

/** The fake's clock moves a second per read, so the placed call unfolds while it is watched. */
let clock = Date.parse('2026-11-21T12:00:00.000Z');
const fake = useFakeVapi(
  {
    assistants: [{ id: 'asst-1', name: 'Reception' }],
    phoneNumbers: [{ id: 'pn-1', provider: 'vapi', number: '+61299990000' }],
  },
  { now: () => (clock += 1000), callPace: { ringAfterMs: 1000, answerAfterMs: 2000, durationSeconds: 12 } },
);

const place = ['calls', 'create', '--assistant', 'asst-1', '--phone-number', 'pn-1', '--to', '+61400000000'];

describe('calls create --watch', () => {
  it('places the call, then follows it to the end as calls watch does', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run(...place, '--watch', '--interval', '10ms')).toBe(0);
    const [call] = [...fake.state.calls.values()];
    expect(cli.stderr.text).toContain(`Placed call ${call!.id} to +61400000000; watching`);
    const rows = cli.stdout.text.trim().split('\n');
    expect(rows[0]).toMatch(/^status\t(queued|ringing)$/);
    expect(rows).toContain('status\tin-progress');
    expect(rows.some((row) => row.startsWith('assistant\t'))).toBe(true);
    expect(rows.slice(-2)).toEqual(['status\tended', 'ended\tcustomer-ended-call']);
  }, 60_000);

  it('--json gives one event per line', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run(...place, '--watch', '--interval', '10ms', '--json')).toBe(0);
    const events = cli.stdout.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(events.at(-1)).toMatchObject({ type: 'ended', endedReason: 'customer-ended-call' });
  }, 60_000);

  it('exits 5 when the placed call ends badly', async () => {
    const cli = harness({ env: authed });
    const watching = cli.run(...place, '--watch', '--interval', '10ms');
    // The call fails to connect once it exists.
    const id = await new Promise<string>((resolve) => {
      const wait = () => {
        const [call] = [...fake.state.calls.values()];
        if (call) resolve(String(call.id));
        else setTimeout(wait, 5);
      };
      wait();
    });
    fake.state.calls.set(id, {
      ...fake.state.calls.get(id)!,
      status: 'ended',
      endedReason: 'twilio-failed-to-connect-call',
    });
    expect(await watching).toBe(5);
    expect(cli.stdout.text.trim().split('\n').at(-1)).toBe('ended\ttwilio-failed-to-connect-call');
  }, 60_000);

  it('refuses --jq with --watch before placing anything', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run(...place, '--watch', '--jq', '.id')).toBe(2);
    expect(cli.stderr.text).toContain('--watch prints events');
    expect(fake.state.calls.size).toBe(0);
  });
});
