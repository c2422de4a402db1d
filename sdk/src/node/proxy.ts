import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';

type Env = Record<string, string | undefined>;

const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/**
 * A fetch that goes through the proxy named by HTTPS_PROXY / HTTP_PROXY (honouring NO_PROXY),
 * or undefined when none is set, so the platform's own fetch is used.
 */
export function proxyFetchFromEnv(env: Env = process.env): typeof fetch | undefined {
  if (!PROXY_VARS.some((name) => env[name])) return undefined;
  const agent = new EnvHttpProxyAgent({
    httpProxy: env.HTTP_PROXY ?? env.http_proxy,
    httpsProxy: env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy,
    noProxy: env.NO_PROXY ?? env.no_proxy,
  });
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body: request.body,
      duplex: 'half',
      redirect: request.redirect,
      signal: request.signal,
      dispatcher: agent,
    });
    // Hand back the platform's Response class so instanceof checks downstream hold.
    return new Response(response.body as ReadableStream | null, {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
    });
  };
}
