import { operations } from '@voxdesk/sdk/operations';
import { describe, expect, it } from 'vitest';
import { resources } from '../src/commands/resources/catalog.ts';

const VERB_ROWS = {
  list: ['GET', ''],
  get: ['GET', '/{id}'],
  create: ['POST', ''],
  update: ['PATCH', '/{id}'],
  replace: ['PUT', '/{id}'],
  delete: ['DELETE', '/{id}'],
} as const;

// Each generic command calls one SDK operation: the row must exist with that method and path.
describe('the CLI resource catalog is tied to the SDK operation rows', () => {
  it.each(
    resources.flatMap((spec) => spec.verbs.map((verb) => [`${spec.name} ${verb}`, spec, verb] as const)),
  )('%s', (_, spec, verb) => {
    const row = operations.find((op) => op.id === `${spec.sdk}.${verb}`);
    const [method, suffix] = VERB_ROWS[verb];
    expect(row, `no operation ${spec.sdk}.${verb}`).toMatchObject({ method, path: `${spec.path}${suffix}` });
    if (verb === 'list') expect(spec.listing === 'v1').toBe(row?.paging === 'v1');
  });
});
