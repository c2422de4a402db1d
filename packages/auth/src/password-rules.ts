/**
 * The password rules that need no word list: no imports and no Node code, so the site's
 * browser code (the set-password page's strength meter) runs the very rules the server runs.
 * The server adds the common-password list on top (`passwordProblem` in password-policy.ts).
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/** Words of this product a password must not be built from (ASVS 2.1.7's context words). */
export const CONTEXT_WORDS = ['voxdesk', 'password', 'passwort', 'fjalekalim', 'admin', 'administrator'];
/** What is left of a password once its context words are taken out must be at least this long. */
const MIN_OWN_CHARACTERS = 8;
const MIN_DISTINCT_CHARACTERS = 5;

/** Who the password is for: their email and name are context words too. */
export interface PasswordContext {
  email?: string;
  name?: string;
}

export const TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters for the password (a few unrelated words work well).`;
export const COMMON_PASSWORD =
  'That password is in a list of common or breached passwords. Choose another one.';

function contextWords(context: PasswordContext): string[] {
  const email = context.email?.trim().toLowerCase();
  const words = [...CONTEXT_WORDS];
  if (email) words.push(email, ...email.split(/[@.+_-]/));
  if (context.name) words.push(...context.name.toLowerCase().split(/\s+/));
  // Longest first, so an email goes before its own parts.
  return [...new Set(words.filter((word) => [...word].length >= 3))].sort((a, b) => b.length - a.length);
}

/**
 * Why a new password is refused, as a sentence for the person choosing it, or `undefined`
 * when it is acceptable: ASVS 2.1.1 length, 2.1.7 common (when `isCommon` knows a list) and
 * context-specific words (this product's name, the user's email and name), and passwords of a
 * few repeated characters.
 */
export function passwordRuleProblem(
  password: string,
  context: PasswordContext = {},
  isCommon: (lowerCased: string) => boolean = () => false,
): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return TOO_SHORT;
  if (length > MAX_PASSWORD_LENGTH)
    return `The password is too long (at most ${MAX_PASSWORD_LENGTH} characters).`;
  const lower = password.toLowerCase();
  if (isCommon(lower)) return COMMON_PASSWORD;
  if (new Set(lower.replace(/\s/g, '')).size < MIN_DISTINCT_CHARACTERS) {
    return 'That password is a few characters repeated. Use a few unrelated words instead.';
  }
  let own = lower;
  for (const word of contextWords(context)) own = own.split(word).join('');
  // What is left must stand on its own: 8+ characters, and not just digits and symbols added to
  // a context word ("Voxdesk1234567890"), unless that part alone is 12+ long.
  const ownLength = [...own.trim()].length;
  const ownLetters = [...own.replace(/[^\p{L}]/gu, '')].length;
  if (ownLength < MIN_OWN_CHARACTERS || (ownLetters < 4 && ownLength < MIN_PASSWORD_LENGTH)) {
    return 'Do not build the password from your email address, your name or the name of this site.';
  }
  return undefined;
}
