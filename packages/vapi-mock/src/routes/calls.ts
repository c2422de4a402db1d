/**
 * Call creation: `POST /call` (and its legacy twin `/call/phone`) dials a customer from a
 * phone number with an assistant, squad or workflow; `POST /call/web` opens a web call and
 * answers its `webCallUrl`. Both check that referenced records exist, as Vapi does.
 */
import type { FakeContext, RouteArgs, RouteDef } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { callRules, webCallRules } from '../resources.ts';
import type { FakeRecord } from '../state.ts';
import { isPlainObject } from '../validate.ts';
import { checkedBody, created, store } from './records.ts';

const E164 = /^\+[1-9]\d{1,14}$/;

export const callRoutes: RouteDef[] = [
  { method: 'POST', path: '/call', auth: true, handler: createPhoneCall },
  { method: 'POST', path: '/call/phone', auth: true, handler: createPhoneCall },
  { method: 'POST', path: '/call/web', auth: true, handler: createWebCall },
];

async function createPhoneCall(args: RouteArgs): Promise<Response> {
  const outcome = await checkedBody(args, callRules, { whitelist: true });
  if (!outcome.ok) return outcome.response;
  const { body } = outcome;
  const { customers, ...shared } = body;
  if (Array.isArray(customers)) {
    // A batch: one call per customer, answered as CallBatchResponse.
    const results: FakeRecord[] = [];
    const errors: unknown[] = [];
    const batch: unknown[] = customers;
    for (const customer of batch) {
      const problem = phoneCallProblem({ ...shared, customer }, args.fake);
      if (problem) errors.push({ customer, error: problem });
      else results.push(storeCall(args, { ...shared, customer }, 'outboundPhoneCall'));
    }
    return created({ results, errors });
  }
  const problem = phoneCallProblem(body, args.fake);
  if (problem) return errorResponse(400, problem);
  return created(storeCall(args, body, 'outboundPhoneCall'));
}

async function createWebCall(args: RouteArgs): Promise<Response> {
  const outcome = await checkedBody(args, webCallRules, { whitelist: true });
  if (!outcome.ok) return outcome.response;
  const { body } = outcome;
  if (!body.assistant && !body.assistantId && !body.squad && !body.squadId) {
    return errorResponse(400, 'Assistant or Squad must be provided.');
  }
  const problem = referenceProblem(body, args.fake);
  if (problem) return errorResponse(400, problem);
  const record = storeCall(args, body, 'webCall');
  record.webCallUrl = `https://vapi.daily.co/${record.id.replace(/-/g, '').slice(0, 20)}`;
  return created(record);
}

function phoneCallProblem(body: Record<string, unknown>, fake: FakeContext): string | undefined {
  if (
    !body.assistant &&
    !body.assistantId &&
    !body.squad &&
    !body.squadId &&
    !body.workflow &&
    !body.workflowId
  ) {
    return 'Need Either `assistant`, `assistantId`, `squad`, `squadId`, `workflow`, Or `workflowId`.';
  }
  if (!body.phoneNumber && !body.phoneNumberId) return 'Need Either `phoneNumberId` Or `phoneNumber`.';
  if (!body.customer && !body.customerId) return 'Need Either `customer` Or `customerId`.';
  const customer = isPlainObject(body.customer) ? body.customer : {};
  if (
    typeof customer.number === 'string' &&
    customer.numberE164CheckEnabled !== false &&
    !E164.test(customer.number)
  ) {
    return `customer.number must be a valid phone number in the E.164 format (like +14155551234). Got ${customer.number}.`;
  }
  return referenceProblem(body, fake);
}

/** Referenced ids must exist in the fake's state. */
function referenceProblem(body: Record<string, unknown>, fake: FakeContext): string | undefined {
  const refs: Array<[string, Map<string, FakeRecord> | undefined, string]> = [
    ['assistantId', fake.state.assistants, 'Assistant'],
    ['phoneNumberId', fake.state.phoneNumbers, 'Phone Number'],
    ['squadId', fake.state.collections.get('/squad'), 'Squad'],
  ];
  for (const [field, records, label] of refs) {
    const id = body[field];
    if (typeof id === 'string' && !records?.has(id))
      return `Couldn't Get ${label}. \`${field}\` ${id} Not Found.`;
  }
  return undefined;
}

/** Stores a queued call and starts its lifecycle (monitor URLs on the fake's own origin). */
function storeCall(
  { fake, publicBase }: RouteArgs,
  body: Record<string, unknown>,
  type: 'outboundPhoneCall' | 'webCall',
): FakeRecord {
  const phoneNumber =
    typeof body.phoneNumberId === 'string' ? fake.state.phoneNumbers.get(body.phoneNumberId) : undefined;
  const phone =
    type === 'outboundPhoneCall'
      ? { phoneCallProvider: providerOf(phoneNumber), phoneCallTransport: 'pstn' }
      : { transport: { provider: 'daily' } };
  const record = store(fake, '/call', '/call', {
    ...body,
    type,
    status: body.schedulePlan ? 'scheduled' : 'queued',
    ...phone,
    costs: [],
    cost: 0,
  });
  fake.calls.begin(record, publicBase);
  return record;
}

function providerOf(phoneNumber: FakeRecord | undefined): string {
  const provider = phoneNumber?.provider;
  return provider === 'twilio' || provider === 'vonage' || provider === 'telnyx' ? provider : 'vapi';
}
