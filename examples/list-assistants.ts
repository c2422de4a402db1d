/**
 * List the assistants of your organisation.
 *
 *   VAPI_TOKEN=<private key> node examples/list-assistants.ts
 */
import { Vapi } from '@voxdesk/sdk';

const token = process.env.VAPI_TOKEN;
if (!token) {
  console.error('Set VAPI_TOKEN to your Vapi private key (dashboard → Organization → API Keys).');
  process.exit(2);
}

// VAPI_BASE_URL is optional: unset, the SDK talks to https://api.vapi.ai.
const vapi = new Vapi({ token, baseUrl: process.env.VAPI_BASE_URL });

// One request: the newest 10 assistants (the API's default page is 100, the maximum 1000).
const assistants = await vapi.assistants.list({ limit: 10 });
for (const assistant of assistants) {
  console.log(`${assistant.id}\t${assistant.name ?? '(no name)'}`);
}
console.log(`${assistants.length} assistant(s)`);
