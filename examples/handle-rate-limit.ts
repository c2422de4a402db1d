/**
 * What happens on 429 Too Many Requests.
 *
 *   VAPI_TOKEN=<private key> node examples/handle-rate-limit.ts
 *
 * - Every method retries a 429 by itself (2 retries by default): the request was not processed.
 *   It waits for `Retry-After` when the server sends it, unless that is longer than
 *   `maxRetryAfter`: then the error is thrown at once, and `retryAt` says when to try again.
 * - GET, PUT and DELETE also retry on 408, 5xx and network errors. POST and PATCH do that only
 *   when the request sets `retry`: after a 502 or a timeout a retried POST could create two
 *   assistants. Opt in only where a duplicate is harmless or you can detect it.
 * - When the retries run out, the error is a `RateLimitError` (a `VapiError` with status 429).
 */
import { RateLimitError, Vapi, VapiError } from '@voxdesk/sdk';

const token = process.env.VAPI_TOKEN;
if (!token) {
  console.error('Set VAPI_TOKEN to your Vapi private key.');
  process.exit(2);
}

// A fetch wrapper that counts attempts, to show the retries happening.
let attempts = 0;
const countingFetch: typeof fetch = (input, init) => {
  attempts += 1;
  return fetch(input, init);
};

const vapi = new Vapi({
  token,
  baseUrl: process.env.VAPI_BASE_URL,
  fetch: countingFetch,
  retry: { limit: 3, maxRetryAfter: 10_000 }, // client-wide: 3 retries, wait at most 10 s for Retry-After
});

// 1. A GET is retried automatically.
attempts = 0;
const assistants = await vapi.assistants.list({ limit: 5 });
console.log(`list: ${assistants.length} assistant(s) after ${attempts} attempt(s)`);

// 2. A POST is retried on 429 too; when it still fails, `retryAt` says when to try again.
const body = { name: 'Reception' };
attempts = 0;
try {
  const created = await vapi.assistants.create(body);
  console.log(`create: assistant ${created.id} after ${attempts} attempt(s)`);
} catch (error) {
  if (!(error instanceof RateLimitError)) throw error;
  console.log(
    `create: ${error.status} after ${attempts} attempt(s), try again after ${error.retryAt?.toISOString()}`,
  );
}

// 3. Opting one request in to blind retries (5xx, network errors) with `retry`.
attempts = 0;
try {
  const created = await vapi.assistants.create(body, { retry: 3 });
  console.log(`create with retry: assistant ${created.id} after ${attempts} attempt(s)`);
} catch (error) {
  // Still rate-limited after every retry (or another API error): report it and stop.
  if (!(error instanceof VapiError)) throw error;
  console.error(`create with retry: ${error.status} ${error.message} after ${attempts} attempt(s)`);
  process.exitCode = 1;
}
