import { describe, expect, it } from 'vitest';
import { resources } from '../src/commands/resources/catalog.ts';
import { validateBody } from '../src/gitops/schema.ts';

// The help text shows a create and an update body per resource: both must pass the one body
// validator, or the help would teach a body the CLI then refuses.
describe('the help text examples', { timeout: 60_000 }, () => {
  const cases = resources.flatMap((spec) => [
    ...(spec.createExample && spec.verbs.includes('create')
      ? [[`${spec.sdk}.create`, spec.createExample] as const]
      : []),
    ...(spec.verbs.includes('update') ? [[`${spec.sdk}.update`, spec.updateExample] as const] : []),
  ]);

  it.each(cases)('%s %s is a valid body', (operation, example) => {
    expect(validateBody(operation, JSON.parse(example))).toEqual([]);
  });
});
