import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../src/generated/operations.ts';
import { compile, fixture, HOVERS, MAX_MESSAGE, MISTAKES, type Compiled } from './type-messages.ts';

// Issue 27 item 4: tsc kept no name for the SDK's types (aliases of indexed types), so a typo
// printed ~450 characters of structure and a hover ~690. The same checks run on the built
// dist/ .d.ts in tests/e2e/sdk-dist-types.spec.ts.
describe('type errors and hovers name the types (src)', () => {
  const { source, mistakeLine } = fixture();
  let compiled: Compiled;
  // One language service over the whole API surface: seconds, more on a loaded machine.
  beforeAll(() => {
    compiled = compile(source, 'src');
  }, 120_000);

  it.each(MISTAKES.map(([what, , name], index) => ({ what, name, index })))(
    '$what: one error naming $name',
    ({ name, index }) => {
      const errors = compiled.errors.filter((e) => e.line === mistakeLine(index));
      expect(errors).toHaveLength(1);
      expect(errors[0]?.text).toContain(`'${name}'`);
      expect(errors[0]?.text.length).toBeLessThanOrEqual(MAX_MESSAGE);
    },
  );

  it('reports nothing but the mistakes', () => {
    expect(compiled.errors.map((e) => e.line).sort()).toEqual(MISTAKES.map((_, i) => mistakeLine(i)));
  });

  it.each(HOVERS.map(([what, , name], index) => ({ what, name, index })))(
    'a hover over $what shows $name',
    ({ name, index }) => {
      expect(compiled.hovers[`h${index}`]).toBe(`const h${index}: ${name}`);
    },
  );

  it('every operation: the hover over its arguments and its result names each type', () => {
    const anonymous = operations.flatMap((o, i) =>
      (['args', 'result'] as const)
        .map((what) => [what, compiled.hovers[`${what}${i}`] ?? ''] as const)
        // A `{` is structure printed in place of a name.
        .filter(([, hover]) => hover === '' || hover.includes('{') || hover.length > MAX_MESSAGE)
        .map(([what, hover]) => `${o.id} ${what}: ${hover}`),
    );
    expect(anonymous).toEqual([]);
  });
});
