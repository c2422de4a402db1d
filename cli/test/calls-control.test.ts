import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

/** The fake's clock: each read moves it a second on, so created calls unfold as they are polled. */
let clock = Date.parse('2026-11-21T12:00:00.000Z');
const fake = useFakeVapi(
  {
    assistants: [
      { id: 'asst-1', name: 'Reception' },
      { id: 'asst-locked', name: 'Locked', monitorPlan: { controlAuthenticationEnabled: true } },
      { id: 'asst-nocontrol', name: 'Quiet', monitorPlan: { controlEnabled: false } },
    ],
    phoneNumbers: [{ id: 'pn-1', provider: 'vapi', number: '+61299990000' }],
    tokens: [{ id: 'tok-pub', tag: 'public', value: 'pk-public-1' }],
  },
  { now: () => (clock += 1000), callPace: { ringAfterMs: 0, answerAfterMs: 1000, durationSeconds: 600 } },
);

/** Places a call through the CLI and lets the fake answer it; returns its id. */
async function liveCall(assistant = 'asst-1'): Promise<string> {
  const cli = harness({ env: authed });
  const args = ['calls', 'create', '--assistant', assistant, '--phone-number', 'pn-1'];
  expect(await cli.run(...args, '--to', '+61400000000', '--json', 'id')).toBe(0);
  const { id } = JSON.parse(cli.stdout.text) as { id: string };
  fake.advanceCalls();
  expect(fake.state.calls.get(id)?.status).toBe('in-progress');
  return id;
}

describe('calls say / end / transfer (live call control)', () => {
  it('says text through the call’s control URL, without the API token', async () => {
    const id = await liveCall();
    const sent: Request[] = [];
    const cli = harness({
      env: authed,
      fetch: (input, init) => {
        sent.push(new Request(input, init));
        return globalThis.fetch(input, init);
      },
    });
    expect(await cli.run('calls', 'say', id, 'One moment, please.')).toBe(0);
    expect(fake.state.controls).toEqual([
      { callId: id, message: { type: 'say', content: 'One moment, please.' }, at: expect.any(String) },
    ]);
    const post = sent.find((request) => request.method === 'POST')!;
    expect(post.url).toBe(`https://api.vapi.ai/__monitor/${id}/control`);
    expect(post.headers.get('authorization')).toBeNull();
    expect(cli.stderr.text).toContain(`Said it: call ${id}`);
    expect(cli.stdout.text).toBe('');
  });

  it('--end-after hangs up once it is said', async () => {
    const id = await liveCall();
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'say', id, 'Goodbye.', '--end-after')).toBe(0);
    expect(fake.state.controls[0]?.message).toEqual({
      type: 'say',
      content: 'Goodbye.',
      endCallAfterSpoken: true,
    });
    expect(fake.state.calls.get(id)).toMatchObject({
      status: 'ended',
      endedReason: 'assistant-ended-call-after-message-spoken',
    });
  });

  it('ends a call', async () => {
    const id = await liveCall();
    expect(await harness({ env: authed }).run('calls', 'end', id)).toBe(0);
    expect(fake.state.controls.map((c) => c.message)).toEqual([{ type: 'end-call' }]);
    expect(fake.state.calls.get(id)).toMatchObject({ status: 'ended', endedReason: 'assistant-ended-call' });
  });

  it('transfers to a number or a SIP URI, saying --message first', async () => {
    const first = await liveCall();
    const cli = harness({ env: authed });
    expect(
      await cli.run('calls', 'transfer', first, '+61299990001', '--message', 'Putting you through.'),
    ).toBe(0);
    const second = await liveCall();
    expect(await cli.run('calls', 'transfer', second, 'sip:desk@example.com')).toBe(0);
    expect(fake.state.controls.map((c) => c.message)).toEqual([
      {
        type: 'transfer',
        destination: { type: 'number', number: '+61299990001' },
        content: 'Putting you through.',
      },
      { type: 'transfer', destination: { type: 'sip', sipUri: 'sip:desk@example.com' } },
    ]);
    fake.advanceCalls();
    expect(fake.state.calls.get(first)).toMatchObject({
      destination: { type: 'number', number: '+61299990001' },
      endedReason: 'assistant-forwarded-call',
    });
  });

  it('refuses a destination that is neither E.164 nor SIP (exit 2, nothing sent)', async () => {
    const id = await liveCall();
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'transfer', id, '0400 000 000')).toBe(2);
    expect(cli.stderr.text).toMatch(/E\.164.*0400 000 000/);
    expect(fake.state.controls).toEqual([]);
  });

  it('--dry-run prints the control POST and sends nothing', async () => {
    const id = await liveCall();
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'say', id, 'Hello', '--dry-run')).toBe(0);
    expect(cli.stdout.text).toContain(`POST https://api.vapi.ai/__monitor/${id}/control`);
    expect(cli.stdout.text).toContain('"content": "Hello"');
    expect(cli.stdout.text).not.toContain('authorization');
    expect(fake.state.controls).toEqual([]);
  });

  it('sends the public key when the assistant requires control authentication', async () => {
    const id = await liveCall('asst-locked');
    const without = harness({ env: authed });
    expect(await without.run('calls', 'end', id)).toBe(4);
    expect(without.stderr.text).toMatch(/control URL .* refused .* --public-key or VAPI_PUBLIC_KEY/);
    const withKey = harness({ env: { ...authed, VAPI_PUBLIC_KEY: 'pk-public-1' } });
    expect(await withKey.run('calls', 'end', id)).toBe(0);
    expect(fake.state.controls.map((c) => c.message)).toEqual([{ type: 'end-call' }]);
  });

  it('says why when the call cannot be controlled', async () => {
    const quiet = await liveCall('asst-nocontrol');
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'say', quiet, 'Hi')).toBe(2);
    expect(cli.stderr.text).toMatch(/no monitor\.controlUrl/);
    const missing = harness({ env: authed });
    expect(await missing.run('calls', 'end', 'no-such-call')).toBe(1);
    expect(fake.state.controls).toEqual([]);
  });
});
