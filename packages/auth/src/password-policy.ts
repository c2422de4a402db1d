import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

let common: Set<string> | undefined;
/** zxcvbn-ts's list of common passwords (49,233 entries, from breach corpora), lower-cased. */
export function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common;
}

/**
 * Why a new password is refused, as a sentence for the person choosing it, or `undefined`
 * when it is acceptable (ASVS 2.1.1 length, 2.1.7 breached/common).
 */
export function passwordProblem(password: string): string | undefined {
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
  return undefined;
}
