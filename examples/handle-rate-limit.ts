/**
 * What happens on 429 Too Many Requests.
 *
 *   VAPI_TOKEN=<private key> node examples/handle-rate-limit.ts
 *
 * - GET, PUT and DELETE retry by themselves (2 retries by default) on 408, 429, 5xx and
 *   network errors, waiting for `Retry-After` when the server sends it.
 * - POST and PATCH are not retried unless the request sets `retry`: a retried POST could
 *   create two assistants. Opt in only where a duplicate is harmless or you can detect it.
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

// 2. A POST is not retried: the first 429 is thrown. Handle it yourself…
const body = { name: 'Reception' };
attempts = 0;
try {
  await vapi.assistants.create(body);
  console.log(`create: succeeded after ${attempts} attempt(s)`);
} catch (error) {
  if (!(error instanceof RateLimitError)) throw error;
  const wait = error.response?.headers.get('retry-after') ?? 'unknown';
  console.log(`create: ${error.status} after ${attempts} attempt(s), Retry-After ${wait} s`);
}

// 3. …or opt this one request in to retries with `retry`.
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
