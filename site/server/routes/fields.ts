import { z } from 'zod';

/** Shared body fields; messages name the field and say what a good value looks like. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long (at most 254 characters)')
  .pipe(z.email('Enter a valid email address, such as name@example.com'));

export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name is too long (at most 200 characters)');

/** A password as typed: at login, and for a new client. */
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(1024, 'Password is too long (at most 1024 characters)');
