/**
 * Reads the SDK's operation table as a map of resources: which templates are collections
 * (they have an item route `…/{id}`), which rows list, create or act on one item, and
 * which path parameters must name an existing record.
 */

/** The fields of an operation-table row the fake needs (the SDK's `Operation` fits). */
export interface OperationRow {
  method: string;
  path: string;
  auth?: 'bearer' | 'none';
  paging?: 'v1' | 'pages' | 'none';
  download?: boolean;
  /** Top-level JSON kind of a 2xx (`object`, `array`, `page`…): neutral answers take this shape. */
  returns?: string;
}

/** Lists that read another path's collection. */
const ALIASED_LISTS: Record<string, string> = {
  '/v2/call': '/call',
  '/v2/assistant': '/assistant',
  '/v2/phone-number': '/phone-number',
};

export type RowKind =
  | { kind: 'item'; collection: string }
  | { kind: 'create'; collection: string }
  | { kind: 'list'; collection: string }
  | { kind: 'other' };

export interface TableIndex {
  classify(row: OperationRow): RowKind;
  /** `[collection template, parameter name]` pairs a path's parameters must exist in. */
  parents(template: string): Array<[string, string]>;
}

export function indexTable(rows: readonly OperationRow[]): TableIndex {
  const templates = new Set(rows.map((row) => row.path));
  // A collection has rows of its own and an item route (read, update or delete by id).
  const collections = new Set<string>();
  for (const row of rows) {
    const parent = itemParent(row.path);
    if (parent && templates.has(parent) && row.method !== 'POST') collections.add(parent);
  }

  return {
    classify(row) {
      const parent = itemParent(row.path);
      if (parent && collections.has(parent) && row.method !== 'POST')
        return { kind: 'item', collection: parent };
      const aliased = ALIASED_LISTS[row.path];
      if (aliased && row.method === 'GET') return { kind: 'list', collection: aliased };
      if (collections.has(row.path) && row.method === 'GET') return { kind: 'list', collection: row.path };
      if (collections.has(row.path) && row.method === 'POST') return { kind: 'create', collection: row.path };
      return { kind: 'other' };
    },
    parents(template) {
      const segments = template.split('/');
      const out: Array<[string, string]> = [];
      segments.forEach((segment, index) => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1];
        const prefix = segments.slice(0, index).join('/');
        if (name && collections.has(prefix)) out.push([prefix, name]);
      });
      return out;
    },
  };
}

/** `/org/{id}` → `/org`; templates not ending in a parameter have no item parent. */
function itemParent(template: string): string | undefined {
  const match = /^(.+)\/\{\w+\}$/.exec(template);
  return match?.[1];
}

/** `/phone-number` → `Phone number`, for "not found" messages. */
export function labelOf(collectionTemplate: string): string {
  const literal = collectionTemplate
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{'))
    .at(-1);
  const words = (literal ?? 'resource').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Order routes so a literal segment wins over a parameter at the same place
 * (`/eval/run` before `/eval/{id}`, `/template/pinned` before `/template/{id}`).
 */
export function bySpecificity(a: { path: string }, b: { path: string }): number {
  const shape = (path: string) =>
    path
      .split('/')
      .map((segment) => (segment.startsWith('{') ? '1' : '0'))
      .join('');
  const [x, y] = [shape(a.path), shape(b.path)];
  return x < y ? -1 : x > y ? 1 : 0;
}
