import type { Writable } from 'node:stream';
import { redact } from './redact.ts';

function describeRequest(input: Parameters<typeof fetch>[0], init?: RequestInit) {
  if (input instanceof Request) {
    return { method: input.method, url: input.url, headers: new Headers(init?.headers ?? input.headers) };
  }
  return { method: init?.method ?? 'GET', url: String(input), headers: new Headers(init?.headers) };
}

/**
 * `--verbose`: a fetch that logs each request and response line to stderr. The token is
 * redacted wherever it appears (header, URL), so logs can be pasted into an issue.
 */
export function loggingFetch(
  fetch: typeof globalThis.fetch,
  stderr: Writable,
  secrets: readonly string[],
): typeof globalThis.fetch {
  const log = (line: string) => stderr.write(`${redact(line, secrets)}\n`);
  return async (input, init) => {
    const { method, url, headers } = describeRequest(input, init);
    log(`> ${method} ${url}`);
    for (const [name, value] of headers)
      log(`> ${name}: ${name === 'authorization' ? 'Bearer [redacted]' : value}`);
    const started = performance.now();
    try {
      const response = await fetch(input, init);
      const elapsed = Math.round(performance.now() - started);
      log(`< ${response.status} ${response.statusText} (${elapsed} ms)`);
      // The same headers the SDK reads a request id from, so a log line can be matched to an error.
      for (const name of ['x-request-id', 'x-vapi-request-id', 'cf-ray']) {
        const value = response.headers.get(name);
        if (value) log(`< ${name}: ${value}`);
      }
      return response;
    } catch (error) {
      log(`< failed: ${(error as Error).message}`);
      throw error;
    }
  };
}
