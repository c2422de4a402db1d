/**
 * examples/voice-agent.ts as a child process against the loopback fake: its schema-typed tool,
 * live control from its webhook, its recording from the call's listen socket, its streamed
 * chat, and syncTools at start.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenFixture, playCallLifecycle, startFakeVapiServer, type FakeVapiServer } from '../src/index.ts';

const root = join(import.meta.dirname, '../../..');
const TOKEN = 'sk-agent';
const SECRET = 'agent-webhook-secret';
const PUBLIC_URL = 'https://agent.example.test';
let clock = Date.parse('2026-11-20T10:00:00.000Z');
let server: FakeVapiServer;
let child: ChildProcessWithoutNullStreams;
let agentUrl: string;
let assistantId: string;
let output = '';
const recordings = mkdtempSync(join(tmpdir(), 'voxdesk-agent-recordings-'));

beforeAll(async () => {
  server = await startFakeVapiServer({ token: TOKEN, now: () => clock });
  const assistant = await fetch(`${server.url}/assistant`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Front desk' }),
  });
  assistantId = ((await assistant.json()) as { id: string }).id;
  child = spawn(process.execPath, ['--conditions=source', join(root, 'examples/voice-agent.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      VAPI_TOKEN: TOKEN,
      VAPI_BASE_URL: server.url,
      VAPI_WEBHOOK_SECRET: SECRET,
      ASSISTANT_ID: assistantId,
      PUBLIC_URL,
      RECORDINGS_DIR: recordings,
      PORT: '0',
    },
  });
  agentUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the example exited (${code}): ${output}`)));
  });
}, 60_000);

afterAll(async () => {
  child?.kill();
  await server?.close();
  rmSync(recordings, { recursive: true, force: true });
});

describe('examples/voice-agent.ts against the fake', () => {
  it('synced its tool at start, pointing Vapi at PUBLIC_URL', () => {
    const tools = [...(server.state.collections.get('/tool')?.values() ?? [])];
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      type: 'function',
      function: { name: 'bookAppointment', parameters: { type: 'object', required: ['day', 'time'] } },
      server: { url: `${PUBLIC_URL}/api/vapi`, secret: SECRET },
    });
    expect(output).toContain(`tool bookAppointment created (${String(tools[0]!.id)})`);
  });

  it('answers the tool with a spoken message and controls the call as it starts', async () => {
    const created = await fetch(`${server.url}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId }),
    });
    const call = (await created.json()) as Record<string, unknown> & { id: string };
    clock += 3000; // the fake's call is answered: its control URL takes messages
    const played = await playCallLifecycle({
      serverUrl: `${agentUrl}/api/vapi`,
      credential: { type: 'x-vapi-secret', secret: SECRET },
      call,
      toolCalls: [
        { name: 'bookAppointment', arguments: { day: 'Monday', time: '09:30' } },
        { name: 'bookAppointment', arguments: { day: 'Sunday', time: '09:30' } },
      ],
    });
    expect(played.deliveries.every((d) => d.status === 200)).toBe(true);
    const [booked, refused] = (played.toolCallAnswer as { results: Record<string, unknown>[] }).results;
    expect(booked).toMatchObject({
      result: '{"booked":true,"day":"Monday","time":"09:30"}',
      message: { type: 'request-complete', content: 'You are booked for Monday at 09:30.' },
    });
    expect(refused!.error).toMatch(/^Invalid arguments for bookAppointment: day: /);
    expect(server.state.controls).toEqual([
      {
        callId: call.id,
        message: { type: 'say', content: 'This call may be recorded.' },
        at: expect.any(String),
      },
    ]);
    // It recorded the call from its listen socket (the fake replays 2.2 s in real time).
    await vi.waitFor(() => expect(output).toContain(`recorded call ${call.id}: 2.2 s`), { timeout: 30_000 });
    const file = join(recordings, `${call.id}.wav`);
    const soxi = (flag: string) => execFileSync('soxi', [flag, file], { encoding: 'utf8' }).trim();
    expect([soxi('-c'), soxi('-r'), soxi('-s')]).toEqual([
      '2',
      '16000',
      String(listenFixture().pcm.length / 4),
    ]);
  }, 60_000);

  it('streams a chat back as newline-delimited JSON', async () => {
    const response = await fetch(`${agentUrl}/chat`, {
      method: 'POST',
      body: JSON.stringify({ input: 'Hello there' }),
    });
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const events = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { delta: string });
    expect(events.map((e) => e.delta).join('')).toBe('You said: Hello there. How can I help?');
    const sent = server.state.requests.find((r) => r.path === '/chat')!;
    expect(JSON.parse(sent.body)).toEqual({ assistantId, input: 'Hello there', stream: true });
  });
});
