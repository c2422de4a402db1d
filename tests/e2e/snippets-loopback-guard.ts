/**
 * Loaded with `--import` before every docs snippet: a snippet may talk to the fake Vapi on
 * loopback and nowhere else, so a page that would send a reader's code to api.vapi.ai fails.
 */
const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);
const platformFetch = globalThis.fetch;

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!loopback.has(url.hostname)) {
    return Promise.reject(
      new Error(`docs snippet guard: ${url.origin} is not loopback; a snippet must talk to the fake Vapi`),
    );
  }
  return platformFetch(input, init);
};
