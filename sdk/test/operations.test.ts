import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRows } from '../scripts/rows.ts';
import { operationRows } from '../src/generated/operation-rows.ts';
import { operations } from '../src/index.ts';

interface DocOperation {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
}
const doc = JSON.parse(readFileSync(new URL('../api/vapi-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, DocOperation>>;
};
const docOps = new Map<string, { method: string; path: string; op: DocOperation }>();
for (const [path, item] of Object.entries(doc.paths))
  for (const [method, op] of Object.entries(item))
    if (op.operationId) docOps.set(op.operationId, { method: method.toUpperCase(), path, op });
const rows = parseRows(readFileSync(new URL('../api/operations.tsv', import.meta.url), 'utf8'));

describe('operation rows (api/operations.tsv)', () => {
  it('load at run time (JSON) exactly as their typed literal says', () => {
    // `operations` is parsed from a JSON string and typed by operationRows: they must agree.
    expect(operations).toStrictEqual(operationRows);
  });

  it('give every operation a unique id and a unique method + path', () => {
    const ids = operations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/);
    const keys = operations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('cover every operation of the OpenAPI document', () => {
    const mapped = new Set(rows.map((row) => row.openapiOperationId).filter(Boolean));
    expect([...docOps.keys()].filter((id) => !mapped.has(id))).toEqual([]);
  });

  // The document is the authority for the rows it describes: required body, query and headers.
  it.each(rows.filter((row) => row.openapiOperationId).map((row) => [row.id, row] as const))(
    '%s agrees with the document',
    (_, row) => {
      const found = docOps.get(row.openapiOperationId);
      expect(found, `${row.openapiOperationId} is not in the document`).toBeDefined();
      const { method, path, op } = found!;
      expect(`${row.method} ${row.path}`).toBe(`${method} ${path}`);
      const content = Object.keys(op.requestBody?.content ?? {})[0];
      const body =
        content === 'multipart/form-data'
          ? 'multipart'
          : content
            ? op.requestBody?.required
              ? 'json'
              : 'json?'
            : 'none';
      // DELETE /call/{id}: the document requires DeleteCallDTO, but deleting one call by id needs none.
      expect(row.body).toBe(row.id === 'calls.delete' ? 'json?' : body);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      expect(row.query).toBe(query.some((p) => p.required) ? 'required' : query.length ? 'optional' : 'none');
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name);
      expect(Object.keys(row.headers)).toEqual(headers);
    },
  );

  it('mark the special cases in columns, not in code', () => {
    expect(operations.filter((op) => op.auth === 'none').map((op) => op.id)).toEqual(['credentials.webhook']);
    expect(operations.filter((op) => op.check).map((op) => op.id)).toEqual(['calls.createWeb']);
    expect(operations.filter((op) => op.deprecated).map((op) => op.id)).toEqual([
      'files.upload',
      'metrics.get',
    ]);
  });
});
