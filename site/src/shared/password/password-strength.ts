import { MIN_PASSWORD_LENGTH, passwordRuleProblem, type PasswordContext } from '@voxdesk/auth/password-rules';

export { MIN_PASSWORD_LENGTH, type PasswordContext };

/** How the meter rates a password: nothing typed, refused by the rules, or how far past them. */
export type StrengthLevel = 'empty' | 'weak' | 'fair' | 'strong';

export interface Strength {
  level: StrengthLevel;
  /** What the meter says, e.g. "Too weak", "Strong". */
  label: string;
  /** The rule it breaks, in the server's words (weak only). */
  problem?: string;
}

/** At this length an acceptable password is rated strong (a passphrase of three or four words). */
const STRONG_LENGTH = 16;

/**
 * The meter's rating, from the server's own rules (`@voxdesk/auth/password-rules`): what they
 * refuse is weak. The common-password list stays on the server (93,000 words, over 600 KB, are not for a browser), so
 * the server remains the judge and may still refuse a password rated fair or strong here.
 */
export function passwordStrength(password: string, context: PasswordContext = {}): Strength {
  if (password === '') return { level: 'empty', label: 'Not entered yet' };
  const problem = passwordRuleProblem(password, context);
  if (problem) return { level: 'weak', label: 'Too weak', problem };
  if ([...password].length < STRONG_LENGTH) return { level: 'fair', label: 'Fair' };
  return { level: 'strong', label: 'Strong' };
}
