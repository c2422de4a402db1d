import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { Vapi, VERSION } from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

function recordHeaders(): Headers[] {
  const seen: Headers[] = [];
  server.use(
    http.all(`${BASE}/*`, ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json([]);
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A fresh copy of the SDK's modules, evaluated with `globals` stubbed (the runtime is read once,
 * at import). The registry is reset first, so the copy never depends on which test (or which
 * file sharing the worker) loaded the modules before; and after, so no later import gets it.
 */
async function loadedWith<T>(globals: Record<string, unknown>, load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  for (const [name, value] of Object.entries(globals)) vi.stubGlobal(name, value);
  try {
    return await load();
  } finally {
    vi.unstubAllGlobals();
    vi.resetModules();
  }
}

describe('every request identifies the SDK', () => {
  it("VERSION is package.json's, fixed at generation (no JSON import at run time)", () => {
    expect(VERSION).toBe(version);
  });

  it('sends user-agent: voxdesk-sdk/<version> node/<version> on Node, from methods and request()', async () => {
    const seen = recordHeaders();
    const vapi = new Vapi({ token: 'sk', baseUrl: BASE });
    await vapi.assistants.list();
    await vapi.request({ method: 'GET', path: '/anything' });
    for (const headers of seen) {
      expect(headers.get('user-agent')).toBe(`voxdesk-sdk/${version} node/${process.versions.node}`);
      expect(headers.get('x-voxdesk-sdk-version')).toBeNull();
    }
    expect(seen).toHaveLength(2);
  });

  it('a user-agent header given by the caller wins', async () => {
    const seen = recordHeaders();
    await new Vapi({ token: null, baseUrl: BASE, headers: { 'user-agent': 'my-app/1' } }).assistants.list();
    expect(seen[0]?.get('user-agent')).toBe('my-app/1');
  });

  it('in a browser (no process, no Deno) sends no header of its own, unless the page asks (issue 27)', async () => {
    // A custom header needs Vapi's CORS to allow it; otherwise every call fails its preflight.
    const { sdkHeaders, BrowserVapi } = await loadedWith({ process: undefined }, async () => ({
      sdkHeaders: (await import('../src/user-agent.ts')).sdkHeaders,
      BrowserVapi: (await import('../src/index.ts')).Vapi,
    }));
    expect(sdkHeaders).toEqual({});
    // A browser build takes user-agent.browser.ts (package.json's `#user-agent`): the same answer.
    expect((await import('../src/user-agent.browser.ts')).sdkHeaders).toEqual(sdkHeaders);
    // What the SDK hands fetch (the platform adds its own, which a browser allows).
    const sent: unknown[] = [];
    const fetch = (_url: unknown, init?: RequestInit) => (
      sent.push(init?.headers),
      Promise.resolve(Response.json([]))
    );
    await new BrowserVapi({ token: 'pk', baseUrl: BASE, fetch }).assistants.list();
    await new BrowserVapi({
      token: null,
      baseUrl: BASE,
      fetch,
      headers: { 'x-voxdesk-sdk-version': VERSION },
    }).assistants.list();
    expect(sent).toEqual([
      { accept: 'application/json', authorization: 'Bearer pk' },
      { accept: 'application/json', 'x-voxdesk-sdk-version': version },
    ]);
  });

  it('names Deno and Bun by their own versions', async () => {
    const userAgentOn = (globals: Record<string, unknown>) =>
      loadedWith(globals, async () => (await import('../src/user-agent.ts')).sdkHeaders);
    expect(await userAgentOn({ Deno: { version: { deno: '2.5.0' } } })).toEqual({
      'user-agent': `voxdesk-sdk/${version} deno/2.5.0`,
    });
    expect(await userAgentOn({ process: { versions: { node: '24.0.0', bun: '1.3.0' } } })).toEqual({
      'user-agent': `voxdesk-sdk/${version} bun/1.3.0`,
    });
  });
});
