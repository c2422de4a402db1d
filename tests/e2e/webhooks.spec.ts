import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { toNodeListener } from '@voxdesk/sdk/node';
import { createWebhookHandler, signWebhook, type HmacCredential } from '@voxdesk/sdk/webhooks';
import { playCallLifecycle } from '@voxdesk/vapi-mock';

/**
 * The webhooks guide's Hono, Next.js and Express examples, run as written, and `voxdesk listen` (the
 * built binary) relaying a fake call's tool call to a user's server and its answer back.
 */

const root = join(import.meta.dirname, '../..');
const bin = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const SECRET = 'e2e-webhook-secret';
const credential: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: SECRET };

interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function urlIn(running: Running, stream: 'stdout' | 'stderr', pattern: RegExp): Promise<string> {
  await expect.poll(() => pattern.exec(running[stream]())?.[1], { timeout: 15_000 }).toBeTruthy();
  return pattern.exec(running[stream]())![1]!;
}

let children: Running[] = [];
let servers: Server[] = [];
test.afterEach(async () => {
  for (const running of children) running.child.kill('SIGTERM');
  await Promise.all(children.map((r) => r.exited));
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  children = [];
  servers = [];
});

/** The ```ts blocks of docs/webhooks.md that follow a link to the example file. */
function guideBlockFor(file: string): string {
  const guide = readFileSync(join(root, 'docs/webhooks.md'), 'utf8');
  const at = guide.indexOf(`(../examples/${file}):`);
  expect(at, `docs/webhooks.md links ${file}`).toBeGreaterThan(-1);
  return /```ts\n([\s\S]*?)```/.exec(guide.slice(at))![1]!;
}

test('the guide shows the Hono, Next.js and Express examples exactly as they are run', () => {
  for (const file of ['webhooks-hono.ts', 'webhooks-next-route.ts', 'webhooks-express.ts'])
    expect(guideBlockFor(file)).toBe(readFileSync(join(root, 'examples', file), 'utf8'));
});

// The two standalone servers of the guide: the same fake call, the same answers, the same refusals.
for (const name of ['hono', 'express']) {
  const example = join(root, `examples/webhooks-${name}.ts`);
  const callId = `call-${name}`;

  test(`webhooks-${name}: a fake call is verified, its tool answered and its report logged`, async () => {
    const app = start([example], { VAPI_WEBHOOK_SECRET: SECRET, PORT: '0' });
    children.push(app);
    const url = await urlIn(app, 'stdout', /listening on (http:\/\/\S+)/);
    const played = await playCallLifecycle({ serverUrl: url, credential, callId, summary: 'Booked.' });
    expect(played.deliveries.map((d) => d.status)).toEqual(played.deliveries.map(() => 200));
    expect(played.toolCallAnswer).toEqual({
      results: [
        { toolCallId: `${callId}-tool-1`, name: 'bookAppointment', result: 'Booked for Monday at 09:30.' },
      ],
    });
    await expect.poll(app.stdout).toContain(`call ${callId} ended (customer-ended-call): Booked.`);
    expect(app.stdout()).toContain(`call ${callId}: ringing`);
    // Another secret: every delivery refused, nothing logged for it.
    const forged = await playCallLifecycle({
      serverUrl: url,
      credential: { ...credential, secretKey: 'guess' },
      callId: 'call-forged',
    });
    expect(new Set(forged.deliveries.map((d) => d.status))).toEqual(new Set([401]));
    expect(app.stdout()).not.toContain('call-forged');
  });

  test(`webhooks-${name} without VAPI_WEBHOOK_SECRET says what to set and exits 2`, async () => {
    const app = start([example], {});
    children.push(app);
    expect(await app.exited).toBe(2);
    expect(app.stderr()).toContain('Set VAPI_WEBHOOK_SECRET');
  });
}

test('webhooks-next-route: POST answers tool calls and assistant requests as Next.js would call it', async () => {
  process.env.VAPI_WEBHOOK_SECRET = SECRET;
  const route = pathToFileURL(join(root, 'examples/webhooks-next-route.ts')).href;
  const { POST } = (await import(route)) as {
    POST: (request: Request) => Promise<Response>;
  };
  delete process.env.VAPI_WEBHOOK_SECRET;
  const viaNext: typeof fetch = async (input, init) => POST(new Request(input as string, init));
  const played = await playCallLifecycle({
    serverUrl: 'https://clinic.example/api/vapi',
    credential,
    fetch: viaNext,
    toolCalls: [{ name: 'bookAppointment', arguments: { day: 'Friday', time: '14:00' } }],
  });
  expect(played.deliveries.every((d) => d.status === 200)).toBe(true);
  expect(played.toolCallAnswer).toMatchObject({ results: [{ result: 'Booked for Friday at 14:00.' }] });
  const ask = async (number: string) => {
    const signed = await signWebhook(credential, {
      body: { message: { type: 'assistant-request', customer: { number } } },
    });
    return (await POST(new Request('https://clinic.example/api/vapi', { method: 'POST', ...signed }))).json();
  };
  expect(await ask('+61400000000')).toEqual({ assistantId: 'reception-au' });
  expect(await ask('+14155550100')).toEqual({ assistantId: 'reception' });
});

test('voxdesk listen --forward-to relays a fake call’s tool call and returns the answer; Ctrl-C exits 130', async () => {
  // The user's own server: the SDK handler on a loopback port.
  const received: string[] = [];
  const handler = createWebhookHandler({
    secret: SECRET,
    tools: { bookAppointment: ({ day }: { day: string }) => `See you ${day}.` },
  });
  const listener = toNodeListener(handler);
  const user = createServer((req, res) => {
    received.push(String(req.headers['x-signature']));
    listener(req, res);
  });
  servers.push(user);
  await new Promise<void>((resolve) => user.listen(0, '127.0.0.1', resolve));
  const userUrl = `http://127.0.0.1:${(user.address() as AddressInfo).port}/api/vapi`;

  const listen = start([bin, 'listen', '--port', '0', '--secret', SECRET, '--forward-to', userUrl], {});
  children.push(listen);
  const url = await urlIn(listen, 'stderr', /Listening on (http:\/\/[\d.:]+)/);
  const played = await playCallLifecycle({ serverUrl: `${url}/vapi`, credential, callId: 'call-listen' });
  expect(played.toolCallAnswer).toEqual({
    results: [{ toolCallId: 'call-listen-tool-1', name: 'bookAppointment', result: 'See you Monday.' }],
  });
  expect(received).toHaveLength(played.deliveries.length);
  expect(received.every((signature) => /^[0-9a-f]{64}$/.test(signature))).toBe(true);
  await expect.poll(() => listen.stdout().trim().split('\n').length).toBe(played.deliveries.length);
  expect(listen.stdout()).toMatch(
    /call-listen {2}tool-calls {12}bookAppointment\(\{"day":"Monday","time":"09:30"\}\) {2}→ 200 \d+ ms/,
  );

  listen.child.kill('SIGINT');
  expect(await listen.exited).toBe(130);
  expect(listen.stderr()).not.toMatch(/Error|at /);
});
