import type { LeadStatus, NewLead } from '@voxdesk/auth';
import { z } from 'zod';
import { emailField, nameField } from './fields.ts';

// C0 controls and DEL: never in a name, a company or a phone; a message may keep line breaks and tabs.
/* eslint-disable no-control-regex -- matching control characters is the point */
const CONTROLS = /[\u0000-\u001f\u007f]/;
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/** Optional text: absent or blank is null; otherwise trimmed, bounded, without control characters. */
const optionalText = (label: string, max: number, multiline = false) =>
  z
    .preprocess(
      (value) => (value === undefined || value === null ? '' : value),
      z
        .string({ error: `${label} must be text` })
        .trim()
        .max(max, `${label} is too long (at most ${max} characters)`)
        .refine((value) => !(multiline ? CONTROLS_BUT_LINES : CONTROLS).test(value), {
          message: `${label} contains characters that cannot be typed (control characters); remove them`,
        }),
    )
    .transform((value) => (value === '' ? null : value));

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** How far ahead a booked slot may be: the form offers the next four working days. */
const SLOT_HORIZON_MS = 30 * 24 * 60 * 60_000;
/** A slot may have just begun while the visitor was typing. */
const SLOT_GRACE_MS = 60 * 60_000;

/** The body of POST /api/leads, JSON or form-encoded (same names); `now` bounds the slot. */
export function leadSchema(now: number) {
  return z.object({
    name: nameField.refine((value) => !CONTROLS.test(value), {
      message: 'Name contains characters that cannot be typed (control characters); remove them',
    }),
    email: emailField,
    company: optionalText('Company name', 200),
    phone: optionalText('Phone number', 40).refine(
      (value) => value === null || /^[+0-9 ()./-]{5,40}$/.test(value),
      {
        message: 'Enter a phone number with digits, spaces and + ( ) - only, such as +355 69 123 4567',
      },
    ),
    message: optionalText('Message', 2000, true),
    slot: optionalText('Time slot', 40).refine(
      (value) => {
        if (value === null) return true;
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
          return false;
        const at = Date.parse(value);
        return at >= now - SLOT_GRACE_MS && at <= now + SLOT_HORIZON_MS;
      },
      { message: 'Choose one of the offered time slots (the list may be out of date: reload the page)' },
    ),
    timeZone: optionalText('Time zone', 64).refine(
      (value) => value === null || (/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(value) && isTimeZone(value)),
      { message: 'timeZone must be an IANA time zone name, such as Europe/Tirane' },
    ),
    language: z.enum(['en', 'sq'], { error: 'language must be en (English) or sq (Albanian)' }).default('en'),
    sourcePage: z
      .string({ error: 'sourcePage must be a path on this site, such as /chatbot' })
      .regex(/^(\/[a-z0-9-]{1,40}){0,4}\/?$/, 'sourcePage must be a path on this site, such as /chatbot')
      .default('/'),
    /** The honeypot: a field people never see. Anything in it means a bot. */
    website: z.unknown().optional(),
    formToken: z.string().max(100).optional(),
  });
}

export type LeadBody = z.output<ReturnType<typeof leadSchema>>;

export const toNewLead = ({ website: _website, formToken: _formToken, ...lead }: LeadBody): NewLead => lead;

/** Every field's first problem, by field name (the form shows each beside its field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    errors[field] ??= issue.message;
  }
  return errors;
}

export const LEAD_STATUSES = [
  'new',
  'contacted',
  'invited',
  'closed',
] as const satisfies readonly LeadStatus[];

export const statusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: 'status must be new, contacted, invited or closed' }),
});
