/**
 * Create an assistant, then have it phone a customer from one of your Vapi numbers.
 *
 *   VAPI_TOKEN=<private key> VAPI_PHONE_NUMBER_ID=<phone number id> CUSTOMER_NUMBER=+61400000000 \
 *     node examples/create-assistant-and-call.ts
 */
import { Vapi } from '@voxdesk/sdk';

const { VAPI_TOKEN: token, VAPI_PHONE_NUMBER_ID: phoneNumberId, CUSTOMER_NUMBER: customer } = process.env;
if (!token || !phoneNumberId || !customer) {
  console.error(
    'Set VAPI_TOKEN (private key), VAPI_PHONE_NUMBER_ID (a number from `voxdesk phone-numbers list`) ' +
      'and CUSTOMER_NUMBER (E.164, e.g. +61400000000).',
  );
  process.exit(2);
}
if (!/^\+[1-9]\d{6,14}$/.test(customer)) {
  console.error(`CUSTOMER_NUMBER must be in E.164 form, e.g. +61400000000 (got "${customer}").`);
  process.exit(2);
}

const vapi = new Vapi({ token, baseUrl: process.env.VAPI_BASE_URL });

const assistant = await vapi.assistants.create({
  name: 'Reception',
  firstMessage: 'Hello, this is the front desk. How can I help?',
  model: {
    provider: 'openai',
    model: 'gpt-4o',
    messages: [{ role: 'system', content: 'You are a friendly receptionist for a dental clinic.' }],
  },
});
console.log(`assistant ${assistant.id} created`);

// The call is queued at once; Vapi dials in the background.
const call = await vapi.calls.create({
  assistantId: assistant.id,
  phoneNumberId,
  customer: { number: customer },
});
if ('id' in call) console.log(`call ${call.id} ${call.status ?? ''} to ${customer}`);
