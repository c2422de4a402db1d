import { readFileSync } from 'node:fs';
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

type Parameter = { name: string; in: string; required?: boolean };
const document = JSON.parse(
  readFileSync(new URL('../../sdk/api/vapi-openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, { operationId?: string; parameters?: Parameter[] }>> };
const queryOf = (operationId: string) =>
  Object.values(document.paths)
    .flatMap((methods) => Object.values(methods))
    .find((operation) => operation.operationId === operationId)
    ?.parameters?.filter((parameter) => parameter.in === 'query') ?? [];

// A list whose row says it takes a query gets a way to send it: --filter on paged lists,
// and a flag of its own for each query parameter the document requires.
describe('list flags follow the rows and the document', () => {
  it.each(resources.filter((spec) => spec.verbs.includes('list')).map((spec) => [spec.name, spec] as const))(
    '%s list',
    (_, spec) => {
      const row = operations.find((op) => op.id === `${spec.sdk}.list`)!;
      const flags = (spec.listFlags ?? []).map((flag) => flag.field);
      const query = row.openapiOperationId ? queryOf(row.openapiOperationId) : [];
      if (row.query === 'none') expect(flags).toEqual([]);
      for (const parameter of query.filter((p) => p.required)) expect(flags).toContain(parameter.name);
      for (const flag of flags) expect(query.map((p) => p.name)).toContain(flag);
      if (spec.listing === 'none') expect(row.query === 'none' || flags.length > 0).toBe(true);
    },
  );
});
