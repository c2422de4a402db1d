import type { Writable } from 'node:stream';
import { redact } from './redact.ts';
import { headerPairs, urlOf } from './http/headers.ts';

/** Method, URL and headers (sorted, as `Headers` lists them), without loading undici for them. */
function describeRequest(input: Parameters<typeof fetch>[0], init?: RequestInit) {
  const request = typeof input === 'object' && !(input instanceof URL) ? input : undefined;
  const pairs = headerPairs(init?.headers ?? request?.headers);
  const headers = [...new Set(pairs.map(([name]) => name))].sort().map(
    (name) =>
      [
        name,
        pairs
          .filter(([key]) => key === name)
          .map(([, value]) => value)
          .join(', '),
      ] as const,
  );
  return { method: init?.method ?? request?.method ?? 'GET', url: urlOf(input), headers };
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
