import { afterEach, describe, expect, it, vi } from 'vitest';
import { Vapi, VapiArgumentError } from '../src/index.ts';

// Each client records where it sent what, through its own fetch: no network.
function recorder() {
  const sent: { url: string; authorization: string | null }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
    return Response.json([]);
  };
  return { sent, fetch };
}

afterEach(() => vi.unstubAllEnvs());

describe('VAPI_TOKEN and VAPI_BASE_URL defaults, taken as a pair', () => {
  it('with no token option, uses VAPI_TOKEN with VAPI_BASE_URL', async () => {
    vi.stubEnv('VAPI_TOKEN', 'sk-env');
    vi.stubEnv('VAPI_BASE_URL', 'http://127.0.0.1:9/');
    const { sent, fetch } = recorder();
    await new Vapi({ fetch }).assistants.list();
    expect(sent).toEqual([{ url: 'http://127.0.0.1:9/assistant', authorization: 'Bearer sk-env' }]);
  });

  it('VAPI_TOKEN alone goes to https://api.vapi.ai', async () => {
    vi.stubEnv('VAPI_TOKEN', 'sk-env');
    vi.stubEnv('VAPI_BASE_URL', '');
    const { sent, fetch } = recorder();
    await new Vapi({ fetch }).assistants.list();
    expect(sent).toEqual([{ url: 'https://api.vapi.ai/assistant', authorization: 'Bearer sk-env' }]);
  });

  it('never sends an explicit token to VAPI_BASE_URL', async () => {
    vi.stubEnv('VAPI_TOKEN', 'sk-env');
    vi.stubEnv('VAPI_BASE_URL', 'http://127.0.0.1:9');
    const { sent, fetch } = recorder();
    await new Vapi({ token: 'sk-mine', fetch }).assistants.list();
    expect(sent).toEqual([{ url: 'https://api.vapi.ai/assistant', authorization: 'Bearer sk-mine' }]);
  });

  it('never sends VAPI_TOKEN to another baseUrl: the request fails before sending, naming both ways', async () => {
    vi.stubEnv('VAPI_TOKEN', 'sk-env');
    vi.stubEnv('VAPI_BASE_URL', '');
    const { sent, fetch } = recorder();
    const error = await new Vapi({ baseUrl: 'http://127.0.0.1:9', fetch }).assistants.list().catch((e) => e);
    expect(error).toBeInstanceOf(VapiArgumentError);
    expect(error.message).toBe(
      'No API token: pass new Vapi({ token }), or set VAPI_TOKEN (sent to VAPI_BASE_URL, else https://api.vapi.ai). token: null sends none on purpose.',
    );
    // baseUrl naming the pair's own URL is no mixing.
    await new Vapi({ baseUrl: 'https://api.vapi.ai/', fetch }).assistants.list();
    expect(sent).toEqual([{ url: 'https://api.vapi.ai/assistant', authorization: 'Bearer sk-env' }]);
  });

  it('with no token anywhere, fails before sending; token: null sends no Authorization', async () => {
    vi.stubEnv('VAPI_TOKEN', '');
    vi.stubEnv('VAPI_BASE_URL', '');
    const { sent, fetch } = recorder();
    await expect(new Vapi({ fetch }).assistants.list()).rejects.toThrow(
      'No API token: pass new Vapi({ token }), or set VAPI_TOKEN (sent to VAPI_BASE_URL, else https://api.vapi.ai). token: null sends none on purpose.',
    );
    await expect(new Vapi({ token: '', fetch }).assistants.list()).rejects.toThrow('No API token');
    expect(sent).toEqual([]);
    await new Vapi({ token: null, fetch }).assistants.list();
    expect(sent).toEqual([{ url: 'https://api.vapi.ai/assistant', authorization: null }]);
  });

  it('refuses a bad VAPI_BASE_URL when the client is built, showing it', () => {
    vi.stubEnv('VAPI_BASE_URL', 'notaurl');
    expect(() => new Vapi()).toThrow(
      'new Vapi(options): "baseUrl" must be an http(s) URL without credentials, query or hash (got "notaurl")',
    );
  });

  it('reads no environment where there is no process (browser builds take env-credentials.browser.ts)', async () => {
    vi.stubEnv('VAPI_TOKEN', 'sk-env');
    vi.stubGlobal('process', undefined);
    try {
      const { sent, fetch } = recorder();
      await expect(new Vapi({ fetch }).assistants.list()).rejects.toThrow('No API token');
      expect(sent).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
