import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyFetchFromEnv, Vapi } from '../src/node/index.ts';

/**
 * A loopback HTTP proxy that answers for the fake Vapi host itself (absolute-form request
 * lines), recording what it saw. Nothing leaves the machine.
 */
let proxy: Server;
let proxyUrl: string;
const seen: { url: string; authorization: string | undefined }[] = [];

/** A loopback "API" reached directly when NO_PROXY exempts it. */
let direct: Server;
let directUrl: string;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  proxy = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ id: 'asst_via_proxy' }]));
  });
  proxyUrl = await listen(proxy);
  direct = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ id: 'asst_direct' }]));
  });
  directUrl = await listen(direct);
});
afterAll(() => {
  proxy.close();
  direct.close();
});

describe('@voxdesk/sdk/node proxy support', () => {
  it('uses the platform fetch when no proxy variable is set', () => {
    expect(proxyFetchFromEnv({})).toBeUndefined();
  });

  it('sends requests through HTTP_PROXY, with auth, and maps its answers', async () => {
    const fetch = proxyFetchFromEnv({ HTTP_PROXY: proxyUrl });
    expect(fetch).toBeTypeOf('function');
    const vapi = new Vapi({ token: 'sk', baseUrl: 'http://api.vapi.invalid', fetch });
    expect(await vapi.assistants.list({ limit: 1 })).toEqual([{ id: 'asst_via_proxy' }]);
    expect(seen.at(-1)).toEqual({
      url: 'http://api.vapi.invalid/assistant?limit=1',
      authorization: 'Bearer sk',
    });
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    const before = seen.length;
    const fetch = proxyFetchFromEnv({ HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' });
    const vapi = new Vapi({ token: null, baseUrl: directUrl, fetch });
    expect(await vapi.assistants.list()).toEqual([{ id: 'asst_direct' }]);
    expect(seen.length).toBe(before);
  });

  it('picks the proxy up from process.env when constructed without a fetch', async () => {
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = proxyUrl;
    try {
      const vapi = new Vapi({ token: null, baseUrl: 'http://api.vapi.invalid' });
      expect(await vapi.request({ method: 'GET', path: '/assistant' })).toEqual([{ id: 'asst_via_proxy' }]);
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  });
});
