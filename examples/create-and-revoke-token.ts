/**
 * Create a public key for a website's voice widget, then revoke it.
 *
 *   VAPI_TOKEN=<private key> node examples/create-and-revoke-token.ts
 *
 * Private keys stay on servers (they open the whole API); public keys may ship to
 * browsers (they can only start web calls). Never print or log a key's value.
 */
import { NotFoundError, Vapi } from '@voxdesk/sdk';

const token = process.env.VAPI_TOKEN;
if (!token) {
  console.error('Set VAPI_TOKEN to your Vapi private key.');
  process.exit(2);
}

const vapi = new Vapi({ token, baseUrl: process.env.VAPI_BASE_URL });

const created = await vapi.tokens.create({ tag: 'public', name: 'website widget' });
console.log(`token ${created.id} created (${created.tag}, "${created.name}")`);
// created.value is the key itself: give it to the browser app that starts web calls.

await vapi.tokens.delete(created.id);
console.log(`token ${created.id} revoked`);

try {
  await vapi.tokens.get(created.id);
} catch (error) {
  if (!(error instanceof NotFoundError)) throw error;
  console.log(`token ${created.id} is gone (404)`);
}
