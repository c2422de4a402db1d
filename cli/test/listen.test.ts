import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeListener } from '@voxdesk/sdk/node';
import {
  createWebhookHandler,
  signWebhook,
  type HmacCredential,
  type ToolHandler,
} from '@voxdesk/sdk/webhooks';
import { playCallLifecycle } from '@voxdesk/vapi-mock';
import { harness, type Harness } from './harness.ts';

let servers: Server[] = [];
let running: { cli: Harness; done: Promise<number> }[] = [];
afterEach(async () => {
  if (running.length) process.emit('SIGINT');
  await Promise.all(running.map((r) => r.done));
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
  running = [];
});

/** Starts `voxdesk listen` in-process on a free port and returns its URL once it listens. */
async function startListen(
  cli: Harness,
  ...args: string[]
): Promise<{ url: string; stop(): Promise<number> }> {
  const done = cli.run('listen', '--port', '0', ...args);
  running.push({ cli, done });
  const url = await Promise.race([
    expect
      .poll(() => /Listening on (http:\/\/\S+?)(?: |$)/.exec(cli.stderr.text)?.[1])
      .toBeTruthy()
      .then(() => /Listening on (http:\/\/\S+?)(?: |$)/.exec(cli.stderr.text)![1]!),
    done.then((code) => {
      throw new Error(`listen exited ${code}: ${cli.stderr.text}`);
    }),
  ]);
  return {
    url: `${url}/vapi`,
    stop: async () => {
      running = running.filter((r) => r.done !== done);
      process.emit('SIGINT');
      return done;
    },
  };
}

async function userServer(tools: Record<string, ToolHandler>, secret: string) {
  const seen: { headers: Record<string, unknown>; path: string }[] = [];
  const handler = createWebhookHandler({ secret, tools, onError: () => {} });
  const listener = toNodeListener(handler);
  const server = createServer((req, res) => {
    seen.push({ headers: { ...req.headers }, path: req.url ?? '' });
    listener(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/vapi`, seen };
}

const credential: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: 'listen-secret' };

describe('voxdesk listen', () => {
  it('prints one line per event, relays tool calls to --forward-to and returns the answer; Ctrl-C exits 130', async () => {
    const user = await userServer(
      { bookAppointment: ({ day }: { day: string }) => `Booked ${day}.` },
      'listen-secret',
    );
    const cli = harness();
    const listen = await startListen(cli, '--secret', 'listen-secret', '--forward-to', user.url);
    expect(cli.stderr.text).toContain('verifying with 1 secret · forwarding to ' + user.url);
    const played = await playCallLifecycle({
      serverUrl: listen.url,
      credential,
      callId: 'call-42',
      cost: 0.25,
      durationSeconds: 80,
      summary: 'Booked Monday.',
    });
    expect(played.toolCallAnswer).toEqual({
      results: [{ toolCallId: 'call-42-tool-1', name: 'bookAppointment', result: 'Booked Monday.' }],
    });
    expect(played.deliveries.every((d) => d.status === 200)).toBe(true);
    // Relayed unchanged: the user's server verified Vapi's own signature headers.
    expect(user.seen).toHaveLength(played.deliveries.length);
    expect(user.seen[0]!.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(user.seen[0]!.path).toBe('/api/vapi');

    const lines = cli.stdout.text.trim().split('\n');
    expect(lines).toHaveLength(played.deliveries.length);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d {2}call-42 {2}status-update {9}queued {2}→ 200 \d+ ms {2}\{\}$/,
    );
    expect(lines.find((l) => l.includes('tool-calls'))).toMatch(
      /tool-calls {12}bookAppointment\(\{"day":"Monday","time":"09:30"\}\) {2}→ 200 \d+ ms {2}\{"results":\[\{"toolCallId":"call-42-tool-1","name":"bookAppointment","result":"Booked Monday\."\}\]\}$/,
    );
    expect(lines.find((l) => l.includes(' transcript '))).toContain(
      'assistant: Thanks for calling Harbour Dental, how can I help?',
    );
    expect(lines.find((l) => l.includes('ended ('))).toContain(
      'status-update         ended (customer-ended-call)',
    );
    expect(lines.at(-1)).toContain(
      'end-of-call-report    customer-ended-call · $0.2500 · 80s · Booked Monday.',
    );

    expect(await listen.stop()).toBe(130);
    expect(cli.stderr.text).toContain('voxdesk: stopped listening (interrupted).');
    await expect(fetch(listen.url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('--json prints NDJSON; a bad signature is 401, printed, and never forwarded', async () => {
    const user = await userServer({}, 'listen-secret');
    const cli = harness({ env: { VAPI_WEBHOOK_SECRET: 'listen-secret' } });
    const listen = await startListen(cli, '--forward-to', user.url, '--json');
    expect(cli.stderr.text).toContain('verifying with 1 secret from VAPI_WEBHOOK_SECRET');
    const good = await signWebhook(credential, {
      body: { message: { type: 'status-update', status: 'ringing', call: { id: 'c1' } } },
    });
    const ok = await fetch(listen.url, { method: 'POST', headers: good.headers, body: good.body });
    expect(ok.status).toBe(200);
    const forged = await signWebhook({ ...credential, secretKey: 'guess' }, { body: good.body });
    const refused = await fetch(listen.url, { method: 'POST', headers: forged.headers, body: forged.body });
    expect(refused.status).toBe(401);
    expect(user.seen).toHaveLength(1);
    const events = cli.stdout.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events[0]).toMatchObject({
      callId: 'c1',
      type: 'status-update',
      summary: 'ringing',
      verified: true,
      message: { type: 'status-update', status: 'ringing' },
      forward: { status: 200, answer: {} },
    });
    expect(events[0].forward.ms).toEqual(expect.any(Number));
    expect(events[1]).toMatchObject({ verified: false, reason: 'bad-signature', type: 'status-update' });
    expect(await listen.stop()).toBe(130);
  });

  it('HMAC plan flags; no --forward-to answers 200 {}; an unreachable forward target is 502', async () => {
    const cli = harness();
    const plan: HmacCredential = {
      type: 'hmac',
      algorithm: 'sha512',
      secretKey: Buffer.from('raw-key').toString('base64'),
      secretIsBase64: true,
      signatureEncoding: 'base64',
      signaturePrefix: 'v1=',
      includeTimestamp: false,
      signatureHeader: 'x-vapi-signature',
    };
    const listen = await startListen(
      cli,
      '--secret',
      plan.secretKey,
      '--hmac-algorithm',
      'sha512',
      '--hmac-encoding',
      'base64',
      '--hmac-prefix',
      'v1=',
      '--hmac-no-timestamp',
      '--hmac-signature-header',
      'x-vapi-signature',
      '--hmac-secret-base64',
    );
    const signed = await signWebhook(plan, { body: { message: { type: 'hang' } } });
    const response = await fetch(listen.url, { method: 'POST', headers: signed.headers, body: signed.body });
    expect([response.status, await response.json()]).toEqual([200, {}]);
    // The default sha256 plan is not what this listener checks.
    const other = await signWebhook(credential, { body: signed.body });
    expect(
      (await fetch(listen.url, { method: 'POST', headers: other.headers, body: other.body })).status,
    ).toBe(401);
    const huge = await fetch(listen.url, { method: 'POST', body: 'x'.repeat(4 * 1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    expect(cli.stderr.text).toContain('refused a body over 4194304 bytes (413)');
    expect(await listen.stop()).toBe(130);

    const dead = await userServer({}, 'x');
    const deadUrl = dead.url;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const cli2 = harness();
    const relay = await startListen(cli2, '--forward-to', deadUrl);
    expect(cli2.stderr.text).toContain('NOT verifying');
    const failed = await fetch(relay.url, { method: 'POST', body: '{"message":{"type":"hang"}}' });
    expect(failed.status).toBe(502);
    expect(cli2.stdout.text).toContain(`✗ forwarding to ${deadUrl} failed: ECONNREFUSED`);
    expect(await relay.stop()).toBe(130);
  });

  it('usage errors: bad port, bad URL, --hmac-* without --secret, port in use', async () => {
    const cases: [string[], RegExp][] = [
      [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
      [['--forward-to', 'localhost:3000'], /--forward-to must be an http\(s\) URL/],
      [['--hmac-algorithm', 'sha1'], /--hmac-\* flags describe how to check the secret: give --secret/],
      [['--secret', 's', '--hmac-algorithm', 'md5'], /Allowed choices are sha1, sha256, sha512/],
    ];
    for (const [args, message] of cases) {
      const cli = harness();
      expect(await cli.run('listen', ...args)).toBe(2);
      expect(cli.stderr.text).toMatch(message);
    }
    const busy = await userServer({}, 'x');
    const port = new URL(busy.url).port;
    const cli = harness();
    expect(await cli.run('listen', '--port', port)).toBe(1);
    expect(cli.stderr.text).toContain(`port ${port} on 127.0.0.1 is in use: pick another with --port`);
  });
});

describe('voxdesk webhooks simulate', () => {
  it('sends a signed lifecycle that `listen` verifies, message by message', async () => {
    const user = await userServer(
      { bookAppointment: ({ day }: { day: string }) => `Booked ${day}.` },
      's3cret',
    );
    const receiver = harness();
    const listen = await startListen(receiver, '--secret', 's3cret', '--json', '--forward-to', user.url);
    const cli = harness();
    const code = await cli.run(
      'webhooks',
      'simulate',
      listen.url,
      '--secret',
      's3cret',
      '--call-id',
      'call-sim',
      '--json',
    );
    expect(cli.stderr.text).toBe('');
    expect(code).toBe(0);
    const received = receiver.stdout.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; callId: string; verified: boolean });
    expect(received.map((event) => event.type)).toEqual([
      'status-update',
      'status-update',
      'status-update',
      'transcript',
      'transcript',
      'tool-calls',
      'transcript',
      'transcript',
      'status-update',
      'end-of-call-report',
    ]);
    expect(received.every((event) => event.verified && event.callId === 'call-sim')).toBe(true);
    const sent = cli.stdout.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; status: number; answer: unknown });
    expect(sent).toHaveLength(received.length);
    expect(sent.find((delivery) => delivery.type === 'tool-calls')?.answer).toEqual({
      results: [{ toolCallId: 'call-sim-tool-1', name: 'bookAppointment', result: 'Booked Monday.' }],
    });
  });

  it('exits 1 when the server refuses the deliveries (a wrong secret)', async () => {
    const receiver = harness();
    const listen = await startListen(receiver, '--secret', 's3cret');
    const cli = harness({ env: { VAPI_WEBHOOK_SECRET: 'not-the-secret' } });
    expect(await cli.run('webhooks', 'simulate', listen.url)).toBe(1);
    expect(cli.stdout.text.split('\n')[0]).toMatch(/^status-update queued\s+→ 401 \d+ ms/);
    expect(cli.stderr.text).toContain(`10 of 10 deliveries to ${listen.url} were not answered 2xx`);
    expect(receiver.stdout.text).toContain('✗ rejected');
  });

  it('refuses a URL that is not http(s), sending nothing (exit 2)', async () => {
    const cli = harness();
    expect(await cli.run('webhooks', 'simulate', 'ftp://127.0.0.1/x')).toBe(2);
    expect(cli.stderr.text).toContain('<url> must be an http(s) URL');
  });
});
