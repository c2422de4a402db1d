import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../src/password-policy.ts';
import { passwordRuleProblem } from '../src/password-rules.ts';

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

  it('refuses passwords built from context words, the email or the name, and repeated characters (issue 26 L5)', () => {
    expect(passwordProblem('Voxdesk12345')).toMatch(/email address, your name or the name of this site/);
    expect(passwordProblem('voxdesk1234567890')).toMatch(/name of this site/);
    expect(passwordProblem('Password-Voxdesk!')).toMatch(/name of this site/);
    expect(passwordProblem(' '.repeat(12))).toMatch(/few characters repeated/);
    expect(passwordProblem('abababababab')).toMatch(/few characters repeated/);
    const carl = { email: 'carl.client@example.com', name: 'Carl Client' };
    expect(passwordProblem('carl.client@example.com', carl)).toMatch(/your email address/);
    expect(passwordProblem('Carl.Client@Example.com!', carl)).toMatch(/your email address/);
    expect(passwordProblem('CarlClient2026', carl)).toMatch(/your name/);
    // The words alone are fine when the rest stands on its own.
    expect(passwordProblem('plum violet harbour', carl)).toBeUndefined();
    expect(passwordProblem('carl likes violet harbours', carl)).toBeUndefined();
  });
});

describe('passwordRuleProblem (the browser-safe half the strength meter runs)', () => {
  it('gives the server verdict for every password the common list does not hold', () => {
    const carl = { email: 'carl.client@example.com', name: 'Carl Client' };
    for (const password of [
      'a'.repeat(11),
      'Voxdesk12345',
      'Password-Voxdesk!',
      'abababababab',
      'carl.client@example.com',
      'plum violet harbour',
      'x'.repeat(1025),
    ]) {
      expect(passwordRuleProblem(password, carl), password).toBe(passwordProblem(password, carl));
    }
  });

  it('leaves the common list to the server: it refuses only what `isCommon` names', () => {
    expect(passwordRuleProblem('qwertyqwerty')).toBeUndefined();
    expect(passwordRuleProblem('qwertyqwerty', {}, (lower) => lower === 'qwertyqwerty')).toMatch(
      /common or breached/,
    );
  });
});
