import {
  LEAD_LANGUAGES,
  LEAD_STATUS_CHOICES,
  LEAD_STATUSES,
  MAX_NOTE_LENGTH,
  SETTABLE_LEAD_STATUS_CHOICES,
  SETTABLE_LEAD_STATUSES,
  PHONE_PATTERN,
  type NewLead,
} from '@voxdesk/auth';
import { z } from 'zod';
import { emailField, nameField, pageQuery, UNTYPABLE, UNTYPABLE_BUT_LINES } from './fields.ts';

// Controls (C0, C1, DEL, bidi): never in a name, a company or a phone; a message may keep line breaks and tabs.
const CONTROLS = UNTYPABLE;
const CONTROLS_BUT_LINES = UNTYPABLE_BUT_LINES;

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

const SOURCE_PAGE_PROBLEM = 'sourcePage must be a path on this site, such as /chatbot';
const sourcePageField = z
  .string({ error: SOURCE_PAGE_PROBLEM })
  .regex(/^(\/[a-z0-9-]{1,40}){0,4}\/?$/, SOURCE_PAGE_PROBLEM);

/** How far ahead a booked slot may be: the form offers the next four working days. */
const SLOT_HORIZON_MS = 30 * 24 * 60 * 60_000;
/** A slot may have just begun while the visitor was typing. */
const SLOT_GRACE_MS = 60 * 60_000;

/** The body of POST /api/leads, JSON or form-encoded (same names); `now` bounds the slot. */
export function leadSchema(now: number) {
  return z.object({
    name: nameField,
    email: emailField,
    company: optionalText('Company name', 200),
    phone: optionalText('Phone number', 40).refine((value) => value === null || PHONE_PATTERN.test(value), {
      message: 'Enter a phone number with digits, spaces and + ( ) - only, such as +355 69 123 4567',
    }),
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
    language: z
      .enum(LEAD_LANGUAGES, { error: 'language must be en (English) or sq (Albanian)' })
      .default('en'),
    sourcePage: sourcePageField.default('/'),
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

export const statusSchema = z.object({
  // `held` is the site-wide cap's; POST /api/leads/:id/release ends it.
  status: z.enum(SETTABLE_LEAD_STATUSES, {
    error: `status must be ${SETTABLE_LEAD_STATUS_CHOICES} (a held lead is released, not set)`,
  }),
});

/** A query field a GET form may send blank: blank means "any". */
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const instant = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a time in milliseconds since 1970` })
    .int(`${name} must be a time in milliseconds since 1970`)
    .min(0, `${name} must be a time in milliseconds since 1970`)
    .max(8.64e15, `${name} must be a time in milliseconds since 1970`);

/**
 * The Leads screen's filter (`GET /api/leads`, `GET /api/leads.csv`): a search and the
 * filters, each optional; `from` and `to` bound the received time (from inclusive, to
 * exclusive), computed by the browser from the days the Admin chose in their own zone.
 */
export const leadFilterQuery = z
  .object({
    search: optionalQuery(z.string().trim().max(200, 'search is too long (at most 200 characters)')),
    status: optionalQuery(z.enum(LEAD_STATUSES, { error: `status must be ${LEAD_STATUS_CHOICES}` })),
    from: optionalQuery(instant('from')),
    to: optionalQuery(instant('to')),
    sourcePage: optionalQuery(sourcePageField),
    language: optionalQuery(
      z.enum(LEAD_LANGUAGES, { error: 'language must be en (English) or sq (Albanian)' }),
    ),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from < to, {
    message: 'The first day of the range must not be after the last one',
    path: ['from'],
  });

/** `?limit=&after=` plus the filter: one page of matching leads. */
export const leadPageQuery = z.intersection(pageQuery, leadFilterQuery);

/** `POST /api/leads/:id/notes`: a note as the Admin wrote it, line breaks kept. */
export const noteSchema = z.object({
  text: z
    .string({ error: 'Write the note first' })
    .trim()
    .min(1, 'Write the note first')
    .max(MAX_NOTE_LENGTH, `The note is too long (at most ${MAX_NOTE_LENGTH} characters)`)
    .refine((value) => !CONTROLS_BUT_LINES.test(value), {
      message: 'The note contains characters that cannot be typed (control characters); remove them',
    }),
});
