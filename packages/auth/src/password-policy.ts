import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordRuleProblem, type PasswordContext } from './password-rules.ts';

export {
  CONTEXT_WORDS,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type PasswordContext,
} from './password-rules.ts';

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

/**
 * Why a new password is refused, as a sentence for the person choosing it, or `undefined`
 * when it is acceptable: the rules of password-rules.ts (which the browser's meter runs too)
 * with the common and breached password list.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | undefined {
  return passwordRuleProblem(password, context, (lower) => commonPasswords().has(lower));
}
