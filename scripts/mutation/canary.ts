/**
 * Stryker's canary (scripts/mutation/score.ts): a module whose mutants have known fates, so a
 * run in which mutants are never activated (every one "survives", as with the vitest runner 9
 * on Vitest 5) or never survive fails loudly instead of printing wrong scores.
 */

/** Tested on both sides of the boundary: every mutant of this function must be killed. */
export function isAdult(age: number): boolean {
  return age >= 18;
}

/** Tested with one word only, on purpose: the mutant that drops `.trim()` must survive. */
export function shout(word: string): string {
  return word.trim().toUpperCase();
}
