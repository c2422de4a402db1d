import { expect, it } from 'vitest';
import { isAdult, shout } from './canary.ts';

it('isAdult: 18 is adult, 17 is not', () => {
  expect(isAdult(18)).toBe(true);
  expect(isAdult(17)).toBe(false);
});

it('shout: upper-cases a word (deliberately weak: no surrounding space is tested)', () => {
  expect(shout('hi')).toBe('HI');
});
