/**
 * Walk every call of the last 7 days, page after page, and count them by status.
 *
 *   VAPI_TOKEN=<private key> node examples/calls-last-week.ts
 */
import { Vapi } from '@voxdesk/sdk';

const token = process.env.VAPI_TOKEN;
if (!token) {
  console.error('Set VAPI_TOKEN to your Vapi private key.');
  process.exit(2);
}

const vapi = new Vapi({ token, baseUrl: process.env.VAPI_BASE_URL });

const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
const byStatus = new Map<string, number>();
let total = 0;

// `iterate` fetches 100 calls at a time (newest first) and asks for the next page only
// when the loop needs it; `break` stops paging.
for await (const call of vapi.calls.iterate({ createdAtGt: weekAgo.toISOString(), limit: 100 })) {
  total += 1;
  const status = call.status ?? 'unknown';
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
}

console.log(`${total} call(s) since ${weekAgo.toISOString()}`);
for (const [status, count] of [...byStatus].sort()) console.log(`${status}\t${count}`);
