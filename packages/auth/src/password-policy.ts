import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * data/common-passwords.txt: next to this module in the package, or (when this code is bundled
 * into the site server) through the package's export.
 */
function bundledListPath(): string {
  // A path, not `new URL('…', import.meta.url)`: Vite rewrites that pattern into an http:
  // asset URL when the site's component tests (jsdom) load this module.
  const local = join(dirname(fileURLToPath(import.meta.url)), '../data/common-passwords.txt');
  if (existsSync(local)) return local;
  return fileURLToPath(import.meta.resolve('@voxdesk/auth/data/common-passwords.txt'));
}

let common: Set<string> | undefined;
/**
 * Common and breached passwords, lower-cased: zxcvbn-ts's list (49,233 entries from breach
 * corpora) and every password of 12+ characters among SecLists' top 1,000,000 (43,940 entries,
 * data/README.md). Shorter ones are refused by length anyway, so together they cover the whole
 * top million for any password the length rule admits.
 */
export function commonPasswords(): Set<string> {
  if (!common) {
    common = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
    for (const word of readFileSync(bundledListPath(), 'utf8').split('\n')) if (word) common.add(word);
  }
  return common;
}

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
 * when it is acceptable: ASVS 2.1.1 length, 2.1.7 breached, common and context-specific words
 * (this product's name, the user's email and name), and passwords of a few repeated characters.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters for the password (a few unrelated words work well).`;
  }
  if (length > MAX_PASSWORD_LENGTH)
    return `The password is too long (at most ${MAX_PASSWORD_LENGTH} characters).`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) {
    return 'That password is in a list of common or breached passwords. Choose another one.';
  }
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
