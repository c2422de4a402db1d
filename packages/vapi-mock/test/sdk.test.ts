/** The SDK itself against the fake, over real HTTP: the two must agree on shapes. */
import { Vapi, VapiError } from '@voxdesk/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeVapiServer } from '../src/index.ts';
import type { FakeVapiServer } from '../src/index.ts';

const TOKEN = 'sk-sdk-test';
let server: FakeVapiServer;
let vapi: Vapi;

beforeAll(async () => {
  server = await startFakeVapiServer({ token: TOKEN });
  vapi = new Vapi({ token: TOKEN, baseUrl: server.url, retry: { limit: 0 } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

async function createAssistants(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await vapi.assistants.create({ name: `A${i}` })).id);
  return ids;
}

describe('@voxdesk/sdk against the fake', () => {
  it('iterates a v1 list across pages with createdAt cursors', async () => {
    const ids = await createAssistants(7);
    const seen: string[] = [];
    for await (const assistant of vapi.assistants.iterate({ limit: 3 })) seen.push(assistant.id);
    expect(seen).toEqual([...ids].reverse());
    const pages = server.state.requests.filter((r) => r.method === 'GET' && r.path === '/assistant');
    // At least three pages of three; how the SDK places its cursor is its own business.
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((page) => page.search.includes('limit=3'))).toBe(true);
    expect(pages.slice(1).every((page) => /createdAtL[te]=/.test(page.search))).toBe(true);
  });

  it('iterates a page-based list across pages', async () => {
    const ids = await createAssistants(7);
    const seen: string[] = [];
    for await (const assistant of vapi.v2.assistants.iterate({ limit: 3 })) seen.push(assistant.id);
    expect(seen).toEqual([...ids].reverse());
  });

  it("maps the fake's validation error to the SDK's readable message", async () => {
    const failure = await vapi.assistants.create({ name: 42 } as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VapiError);
    expect((failure as VapiError).status).toBe(400);
    expect((failure as Error).message).toContain('POST /assistant → 400: name must be a string');
  });

  it('uploads a file and downloads a recording through the presigned redirect', async () => {
    const file = await vapi.files.create(new File(['hello'], 'hello.txt', { type: 'text/plain' }));
    expect(file).toMatchObject({ name: 'hello.txt', bytes: 5, mimetype: 'text/plain' });

    server.state.calls.set('call-1', {
      id: 'call-1',
      orgId: server.state.orgId,
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    const recording = (await vapi.calls.stereoRecording('call-1')) as Response;
    expect(recording.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await recording.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WAVE');
  });
});
