import { MAX_PASSWORD_LENGTH, passwordProblem } from '@voxdesk/auth';
import { z } from 'zod';

/** Shared body fields; messages name the field and say what a good value looks like. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long (at most 254 characters)')
  .pipe(z.email('Enter a valid email address, such as name@example.com'))
  .transform((email) => email.toLowerCase());

/**
 * Characters no one types into a form: C0 and C1 controls, DEL, and the invisible bidi
 * controls (LRM/RLM, ALM, embeddings, overrides, isolates) that can make a name shown to an
 * Admin read backwards or hide part of it.
 */
/* eslint-disable no-control-regex -- matching control characters is the point */
export const UNTYPABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** The same, but line breaks and tabs are allowed (a message). */
export const UNTYPABLE_BUT_LINES =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */

export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name is too long (at most 200 characters)')
  .refine((value) => !UNTYPABLE.test(value), {
    message:
      'Name contains characters that cannot be typed (control or text-direction characters); remove them',
  });

/** A password as typed at login, or the current one when changing it. */
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(MAX_PASSWORD_LENGTH, `Password is too long (at most ${MAX_PASSWORD_LENGTH} characters)`);

/** A new password: 12+ characters, not in the list of common or breached passwords. */
export const newPasswordField = z.string({ error: 'Password is required' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** `?limit=&after=` of a paged list (`after`: the `next` of the previous page). */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  after: z.string().min(1).max(200, 'after is not a page cursor from this API').optional(),
});
