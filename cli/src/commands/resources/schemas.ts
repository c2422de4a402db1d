import { z } from 'zod';
import type { ResourceSpec } from './catalog.ts';

/**
 * Shapes checked before a body is sent. They pin down what the API certainly rejects
 * (wrong types, missing required fields) and let every other field through unchanged,
 * so a new API field never needs a CLI release.
 */
const body = z.looseObject({});
const text = z.string().min(1);
const provider = z.looseObject({ provider: text });
/** Vapi caps assistant, phone number and call names at 40 characters. */
const name40 = z.string().max(40, 'must be at most 40 characters');

/** E.164: a plus, a country code that does not start with 0, up to 15 digits. */
const e164 = z
  .string()
  .regex(
    /^\+[1-9]\d{6,14}$/,
    'must be an E.164 phone number such as +61400000000 (plus, country code, number; no spaces)',
  );

const assistant = z.looseObject({
  name: name40.optional(),
  firstMessage: z.string().optional(),
  model: provider.extend({ model: text }).optional(),
  voice: provider.optional(),
  transcriber: provider.optional(),
  toolIds: z.array(text).optional(),
  serverUrl: z.url().optional(),
});

const token = z.looseObject({
  name: z.string().optional(),
  tag: z.enum(['private', 'public']).optional(),
  restrictions: z.looseObject({}).optional(),
});

const phoneNumber = z.looseObject({
  provider: z.enum(['byo-phone-number', 'twilio', 'vonage', 'vapi', 'telnyx']),
  name: name40.optional(),
  assistantId: text.optional(),
  number: z.string().optional(),
  numberE164CheckEnabled: z.boolean().optional(),
});

/** Numbers are E.164 unless the body turns the check off (allowed for BYO SIP numbers). */
const numberIsE164 = (
  body: { number?: string | undefined; numberE164CheckEnabled?: boolean | undefined },
  ctx: z.RefinementCtx,
) => {
  if (body.number === undefined || body.numberE164CheckEnabled === false) return;
  const result = e164.safeParse(body.number);
  if (!result.success)
    ctx.addIssue({
      code: 'custom',
      path: ['number'],
      message: result.error.issues[0]?.message ?? result.error.message,
    });
};

const squad = z.looseObject({
  name: z.string().optional(),
  members: z
    .array(z.looseObject({ assistantId: text.optional(), assistant: body.optional() }))
    .min(1, 'a squad needs at least one member'),
});

const tool = z.looseObject({
  type: text,
  function: z
    .looseObject({ name: text.regex(/^[\w-]{1,64}$/, 'letters, digits, _ and - only (max 64)') })
    .optional(),
});

const knowledgeBase = z.looseObject({
  provider: text,
  name: z.string().optional(),
  fileIds: z.array(text).optional(),
});

const call = z.looseObject({
  assistantId: text.optional(),
  phoneNumberId: text.optional(),
  customer: z.looseObject({ number: e164.optional() }).optional(),
  name: name40.optional(),
});

const nonEmpty = <T extends z.ZodObject>(schema: T) =>
  schema
    .partial()
    .refine((value) => Object.keys(value).length > 0, 'nothing to change: give at least one field');

export function bodySchemas(sdk: ResourceSpec['sdk']): { create: z.ZodType; update: z.ZodType } {
  switch (sdk) {
    case 'assistants':
      return { create: assistant, update: nonEmpty(assistant) };
    case 'tokens':
      return { create: token, update: nonEmpty(token) };
    case 'phoneNumbers':
      return {
        create: phoneNumber.superRefine(numberIsE164),
        update: nonEmpty(phoneNumber.omit({ provider: true })).superRefine(numberIsE164),
      };
    case 'squads':
      return { create: squad, update: nonEmpty(squad) };
    case 'tools':
      return { create: tool, update: nonEmpty(tool.omit({ type: true })) };
    case 'knowledgeBases':
      return { create: knowledgeBase, update: nonEmpty(knowledgeBase) };
    case 'calls':
      return { create: call, update: nonEmpty(call) };
    case 'files':
      return { create: body, update: nonEmpty(z.looseObject({ name: text.optional() })) };
  }
}

/** `calls create` flags. */
export const phoneCallFlags = z.object({
  assistant: text.optional(),
  squad: text.optional(),
  workflow: text.optional(),
  phoneNumber: text,
  to: e164,
});

/** `calls transfer <number>`: an E.164 number, or a SIP URI (`sip:user@host`). */
export function transferDestination(
  text: string,
): { type: 'number'; number: string } | { type: 'sip'; sipUri: string } | undefined {
  if (/^sips?:/i.test(text))
    return /^sips?:[^\s@]+@[^\s@]+$/i.test(text) ? { type: 'sip', sipUri: text } : undefined;
  return e164.safeParse(text).success ? { type: 'number', number: text } : undefined;
}
