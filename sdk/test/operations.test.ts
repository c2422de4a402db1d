import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '../src/index.ts';
import { tsvRows } from './tsv.ts';

const key = (method: string, path: string) => `${method} ${path}`;

describe('operation table', () => {
  it('has exactly one entry per row of operations.tsv, and nothing else', () => {
    expect(tsvRows).toHaveLength(168);
    const tableKeys = operations.map((op) => key(op.method, op.path));
    const tsvKeys = tsvRows.map((row) => key(row.method, row.path));
    expect(new Set(tableKeys).size).toBe(tableKeys.length);
    expect([...tableKeys].sort()).toEqual([...tsvKeys].sort());
  });

  it('agrees with operations.tsv on body kind, auth and deprecation', () => {
    for (const row of tsvRows) {
      const op = operations.find((o) => o.method === row.method && o.path === row.path);
      const kind = op && (op.query ? 'query' : op.body);
      expect({
        row: key(row.method, row.path),
        kind,
        auth: op?.auth,
        deprecated: op?.deprecated ?? false,
      }).toEqual({
        row: key(row.method, row.path),
        kind: row.body,
        auth: row.auth,
        deprecated: row.note === 'deprecated',
      });
    }
  });

  it('gives every operation a unique method id', () => {
    const ids = operations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/);
  });
});

describe('generated method types (src/generated/client.ts)', () => {
  const source = readFileSync(new URL('../src/generated/client.ts', import.meta.url), 'utf8');

  it('declare one method per table row, documented with its method and path', () => {
    for (const op of operations) {
      const doc = `\`${op.method} ${op.path}\``;
      const count = source.split(` * ${doc}`).length - 1;
      expect({ id: op.id, count }).toEqual({ id: op.id, count: 1 });
    }
  });

  it('mark exactly the deprecated rows @deprecated', () => {
    const deprecated = [
      ...source.matchAll(/\* `(\w+) (\S+)`[^\n]*\n(?:\s+\*[^\n]*\n)*?\s+\* @deprecated/g),
    ].map((m) => `${m[1]} ${m[2]}`);
    expect(deprecated.sort()).toEqual(
      operations
        .filter((op) => op.deprecated)
        .map((op) => `${op.method} ${op.path}`)
        .sort(),
    );
  });
});
