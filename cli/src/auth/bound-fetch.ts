import { CliError } from '../errors.ts';
import { headerOf, urlOf } from '../http/headers.ts';

/**
 * The last check of the token-to-host binding: a request carrying the API token goes only to
 * the origin of the base URL the token is paired with. Requests to other hosts pass when they
 * carry no token — the SDK's live call control (`monitor.controlUrl`, another host at Vapi)
 * sends none, or a public key — so exactly those get through.
 */
export function boundFetch(
  fetch: typeof globalThis.fetch,
  baseUrl: string,
  token: string | undefined,
): typeof globalThis.fetch {
  if (!token) return fetch;
  const home = new URL(baseUrl).origin;
  return (input, init) => {
    const url = new URL(urlOf(input));
    // Read without touching Request/Headers unless the caller built one (they load undici).
    const headers =
      init?.headers ?? (typeof input === 'object' && !(input instanceof URL) ? input.headers : undefined);
    const carriesToken = headerOf(headers, 'authorization')?.includes(token) ?? false;
    if (carriesToken && url.origin !== home)
      return Promise.reject(
        new CliError(`refusing to send the API token to ${url.origin}: it is bound to ${home}`),
      );
    return fetch(input, init);
  };
}
