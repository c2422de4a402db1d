import { readFileSync } from 'node:fs';

/** A row of operations.tsv (a copy of ../shared/api/operations.tsv kept with the tests). */
export interface TsvRow {
  method: string;
  path: string;
  source: string;
  body: 'json' | 'multipart' | 'query' | 'none';
  auth: 'bearer' | 'none';
  note: string;
  openapiOperationId: string;
}

export const tsvRows: TsvRow[] = readFileSync(new URL('./fixtures/operations.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [method, path, source, body, auth, note, openapiOperationId] = line.split('\t');
    return { method, path, source, body, auth, note, openapiOperationId: openapiOperationId ?? '' } as TsvRow;
  });
