import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../src/password-policy.ts';

describe('passwordProblem', () => {
  it('refuses passwords shorter than the minimum, counting code points', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(passwordProblem('a'.repeat(11))).toMatch(/at least 12 characters/);
    expect(passwordProblem('🔑'.repeat(11))).toMatch(/at least 12 characters/);
    expect(passwordProblem('plum violet harbour')).toBeUndefined();
  });

  it('refuses long passwords from the top million (the bundled 12+ character list), any case', () => {
    // These are in data/common-passwords.txt and not in zxcvbn-ts's list.
    for (const common of ['qwertyqwerty', '123456123456', 'LoveLoveLove']) {
      expect(passwordProblem(common), common).toMatch(/common or breached/);
    }
  });

  it("refuses zxcvbn-ts's common passwords of 12+ characters", () => {
    expect(passwordProblem('1qaz2wsx3edc')).toMatch(/common or breached/);
  });
});
