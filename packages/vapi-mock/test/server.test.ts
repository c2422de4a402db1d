/** The loopback server: the same fake over real HTTP on 127.0.0.1, reachable from child processes. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeVapiServer } from '../src/index.ts';
import type { FakeVapiServer } from '../src/index.ts';
import { api, TOKEN } from './helpers.ts';

let server: FakeVapiServer;
const nativeResponse = globalThis.Response;
const nativeRequest = globalThis.Request;

beforeAll(async () => {
  server = await startFakeVapiServer({ token: TOKEN, seed: { assistants: [{ name: 'Seeded' }] } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const call = (method: string, path: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, path, { ...options, base: server.url });

describe('startFakeVapiServer', () => {
  it('listens on 127.0.0.1 on a free port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the seeded state and keeps what clients create', async () => {
    expect((await call('GET', '/assistant')).body.map((a: { name: string }) => a.name)).toEqual(['Seeded']);
    const created = await call('POST', '/assistant', { body: { name: 'Over HTTP' } });
    expect(created.status).toBe(201);
    expect(server.state.assistants.get(created.body.id)?.name).toBe('Over HTTP');
    expect(created.headers.get('content-type')).toContain('application/json');
  });

  it('answers 401, 400 and 404 with Vapi error bodies', async () => {
    expect((await call('GET', '/assistant', { token: null })).body.statusCode).toBe(401);
    expect((await call('POST', '/assistant', { body: { name: 1 } })).body.message).toEqual([
      'name must be a string',
    ]);
    expect((await call('GET', '/nope')).body).toEqual({
      message: 'Cannot GET /nope',
      error: 'Not Found',
      statusCode: 404,
    });
  });

  it('uploads multipart files and redirects downloads to itself', async () => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(1024)], 'hold-music.wav', { type: 'audio/wav' }));
    const file = await call('POST', '/file', { body: form });
    expect(file.body).toMatchObject({ name: 'hold-music.wav', mimetype: 'audio/wav', bytes: 1024 });
    expect(file.body.url.startsWith(`${server.url}/__storage/`)).toBe(true);

    server.state.calls.set('call-1', {
      id: 'call-1',
      orgId: server.state.orgId,
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    const redirect = await call('GET', '/call/call-1/pcap', { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')?.startsWith(`${server.url}/__storage/call/call-1/pcap?`)).toBe(
      true,
    );
    const pcap = await fetch(redirect.headers.get('location') ?? '');
    expect(pcap.headers.get('content-type')).toBe('application/vnd.tcpdump.pcap');
    expect(new DataView(await pcap.arrayBuffer()).getUint32(0, true)).toBe(0xa1b2c3d4);
  });

  it('injects faults over the wire, including a dropped connection', async () => {
    server.failNext(1, { status: 503, headers: { 'retry-after': '2' } });
    const busy = await call('GET', '/assistant');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    server.failNext(1, { networkError: true });
    await expect(call('GET', '/assistant')).rejects.toThrow(TypeError);
    expect((await call('GET', '/assistant')).status).toBe(200);
  });

  it('answers CORS preflights and allows any origin, so browsers can call it directly', async () => {
    const preflight = await fetch(`${server.url}/call/web`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(server.state.calls.size).toBe(0);
    const refused = await call('GET', '/assistant', { token: null });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is reachable from a child process', async () => {
    const script = `const r = await fetch(process.argv[1] + '/assistant', { headers: { authorization: 'Bearer ${TOKEN}' } });
      console.log(r.status, (await r.json())[0].name);`;
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--input-type=module',
      '-e',
      script,
      server.url,
    ]);
    expect(stdout.trim()).toBe('200 Seeded');
  });

  it("leaves the process's Request and Response classes alone (clients in the same process rely on them)", async () => {
    const answer = await fetch(`${server.url}/assistant`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(globalThis.Response).toBe(nativeResponse);
    expect(globalThis.Request).toBe(nativeRequest);
    expect(answer).toBeInstanceOf(Response);
  });

  it('stops listening on close', async () => {
    const other = await startFakeVapiServer();
    expect((await fetch(`${other.url}/assistant`)).status).toBe(200);
    await other.close();
    await expect(fetch(`${other.url}/assistant`)).rejects.toThrow(TypeError);
  });
});
