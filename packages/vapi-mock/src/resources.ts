/**
 * What Vapi checks and fills in for the resources the fake models closely. Field rules
 * follow the public OpenAPI document's DTOs (CreateAssistantDTO, CreateTokenDTO, …);
 * resources without an entry accept any JSON object.
 */
import type { Rules } from './validate.ts';

export interface ResourceSpec {
  /** Rules for POST (and PUT) bodies. */
  create?: Rules;
  /** Rules for PATCH bodies (defaults to `create`, all optional). */
  update?: Rules;
  /** Rules for the query of a PATCH (the document's required query parameters). */
  updateQuery?: Rules;
  /** Reject unknown fields, as Vapi's `forbidNonWhitelisted` does. */
  whitelist?: boolean;
  /** Fields Vapi adds to a new record. */
  defaults?: (body: Record<string, unknown>) => Record<string, unknown>;
}

const name40 = { type: 'string', maxLength: 40 } as const;
const str = { type: 'string' } as const;
const obj = { type: 'object' } as const;
const arr = { type: 'array' } as const;
const bool = { type: 'boolean' } as const;

const assistantRules: Rules = {
  transcriber: obj,
  model: obj,
  voice: obj,
  firstMessage: str,
  firstMessageInterruptionsEnabled: bool,
  firstMessageMode: {
    type: 'string',
    enum: [
      'assistant-speaks-first',
      'assistant-speaks-first-with-model-generated-message',
      'assistant-waits-for-user',
    ],
  },
  voicemailDetection: obj,
  clientMessages: arr,
  serverMessages: arr,
  maxDurationSeconds: { type: 'number', min: 10, max: 43200 },
  backgroundSound: str,
  modelOutputInMessagesEnabled: bool,
  transportConfigurations: arr,
  observabilityPlan: obj,
  credentials: arr,
  hooks: arr,
  name: name40,
  voicemailMessage: { type: 'string', maxLength: 1000 },
  endCallMessage: { type: 'string', maxLength: 1000 },
  endCallPhrases: arr,
  compliancePlan: obj,
  metadata: obj,
  backgroundSpeechDenoisingPlan: obj,
  analysisPlan: obj,
  artifactPlan: obj,
  startSpeakingPlan: obj,
  stopSpeakingPlan: obj,
  monitorPlan: obj,
  credentialIds: arr,
  server: obj,
  keypadInputPlan: obj,
};

const customerRules: Rules = {
  numberE164CheckEnabled: bool,
  extension: { type: 'string', maxLength: 10 },
  assistantOverrides: obj,
  number: name40,
  sipUri: str,
  name: name40,
  email: name40,
  externalId: name40,
};

/** Who answers a call: an assistant, squad or workflow (by id or inline), with overrides. */
const answererRules: Rules = {
  assistantId: str,
  assistant: obj,
  assistantOverrides: obj,
  squadId: str,
  squad: obj,
  squadOverrides: obj,
  workflowId: str,
  workflow: obj,
  workflowOverrides: obj,
};

/** CreateCallDTO: who to call, with which assistant, from which number. */
export const callRules: Rules = {
  transport: obj,
  customers: arr,
  name: name40,
  schedulePlan: obj,
  ...answererRules,
  phoneNumberId: str,
  phoneNumber: obj,
  customerId: str,
  customer: { type: 'object', fields: customerRules },
};

/** CreateWebCallDTO. */
export const webCallRules: Rules = {
  roomDeleteOnUserLeaveEnabled: bool,
  ...answererRules,
};

const phoneNumberCommon: Rules = {
  fallbackDestination: obj,
  hooks: arr,
  name: name40,
  assistantId: str,
  workflowId: str,
  squadId: str,
  server: obj,
};

export const PHONE_PROVIDERS = ['byo-phone-number', 'twilio', 'vonage', 'vapi', 'telnyx'] as const;

/** ImportTwilioPhoneNumberDTO / ImportVonagePhoneNumberDTO. */
export const importRules: Record<'twilio' | 'vonage', Rules> = {
  twilio: {
    ...phoneNumberCommon,
    smsEnabled: bool,
    twilioPhoneNumber: { type: 'string', required: true },
    twilioAccountSid: { type: 'string', required: true },
    twilioAuthToken: str,
    twilioApiKey: str,
    twilioApiSecret: str,
  },
  vonage: {
    ...phoneNumberCommon,
    vonagePhoneNumber: { type: 'string', required: true },
    credentialId: { type: 'string', required: true },
  },
};

/** The `type`s of CreateToolDTO's union, from the OpenAPI document's discriminator. */
const TOOL_TYPES = [
  'apiRequest',
  'dtmf',
  'endCall',
  'function',
  'transferCall',
  'handoff',
  'bash',
  'computer',
  'textEditor',
  'query',
  'google.calendar.event.create',
  'google.sheets.row.append',
  'google.calendar.availability.check',
  'slack.message.send',
  'sms',
  'mcp',
  'gohighlevel.calendar.availability.check',
  'gohighlevel.calendar.event.create',
  'gohighlevel.contact.create',
  'gohighlevel.contact.get',
  'sipRequest',
  'voicemail',
  'code',
] as const;

/** CreateStructuredOutputDTO: what to extract from a call, linked to assistants by id. */
const structuredOutputRules: Rules = {
  type: { type: 'string', enum: ['ai', 'regex'] },
  regex: { type: 'string', maxLength: 1000 },
  model: obj,
  compliancePlan: obj,
  name: { type: 'string', maxLength: 40, required: true },
  schema: { type: 'object', required: true },
  description: str,
  assistantIds: arr,
  workflowIds: arr,
};

export const resources: Record<string, ResourceSpec> = {
  '/structured-output': {
    create: structuredOutputRules,
    // The document requires `schemaOverride` (a string) on every PATCH.
    updateQuery: { schemaOverride: { type: 'string', required: true } },
    whitelist: true,
    defaults: (body) => ({ type: body.type ?? 'ai', assistantIds: body.assistantIds ?? [] }),
  },
  '/assistant': { create: assistantRules, whitelist: true },
  '/call': { create: callRules, update: { name: name40 }, whitelist: true },
  '/token': {
    create: { tag: { type: 'string', enum: ['private', 'public'] }, name: name40, restrictions: obj },
    whitelist: true,
    defaults: (body) => ({ tag: body.tag ?? 'private', value: crypto.randomUUID() }),
  },
  '/phone-number': {
    // One rule set for the provider-discriminated union: the union of its fields.
    create: {
      ...phoneNumberCommon,
      provider: { type: 'string', required: true, enum: PHONE_PROVIDERS },
      number: str,
      credentialId: str,
      numberE164CheckEnabled: bool,
      smsEnabled: bool,
      twilioAccountSid: str,
      twilioAuthToken: str,
      twilioApiKey: str,
      twilioApiSecret: str,
      numberDesiredAreaCode: { type: 'string', maxLength: 3 },
      sipUri: str,
      authentication: obj,
    },
    whitelist: true,
    defaults: (body) => ({
      status: 'active',
      number: body.number ?? (body.provider === 'vapi' ? fakeUsNumber() : undefined),
    }),
  },
  '/tool': {
    // The tool union is discriminated by `type`; its many other fields are not checked here.
    create: { type: { type: 'string', required: true, enum: TOOL_TYPES } },
    update: {},
  },
  '/chat': {
    // The spec sends POST /chat without a body, so `input` stays optional here.
    defaults: (body) => ({
      messages: typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : [],
      output:
        typeof body.input === 'string' ? [{ role: 'assistant', content: `(fake Vapi) ${body.input}` }] : [],
      cost: 0,
      costs: [],
    }),
  },
  '/file': { update: { name: name40 }, whitelist: true },
  '/org': { create: { name: name40, hipaaEnabled: bool, billingLimit: { type: 'number' } } },
  '/squad': { create: { name: name40, members: { type: 'array', required: true } } },
  // CreateEvalDTO; `type` has one value.
  '/eval': {
    create: {
      name: { type: 'string', maxLength: 80 },
      description: { type: 'string', maxLength: 500 },
      messages: { type: 'array', required: true },
      type: { type: 'string', required: true, enum: ['chat.mockConversation'] },
    },
    whitelist: true,
  },
  // CreateTestSuiteDto (its paths are in the endpoint table, not in the document).
  '/test-suite': {
    create: { name: { type: 'string', maxLength: 80 }, phoneNumberId: str, testerPlan: obj, targetPlan: obj },
    whitelist: true,
  },
  '/campaign': {
    create: { name: { type: 'string', required: true }, phoneNumberId: str, customers: arr },
    defaults: () => ({
      status: 'scheduled',
      calls: {},
      callsCounterScheduled: 0,
      callsCounterQueued: 0,
      callsCounterInProgress: 0,
      callsCounterEndedVoicemail: 0,
      callsCounterEnded: 0,
    }),
  },
};

function fakeUsNumber(): string {
  return `+1415555${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
}
