/**
 * Vapi's two list styles. v1 lists (`GET /assistant`, `/call`, …) answer a plain array,
 * newest first, honouring `limit` (≤ 1000, default 100) and `createdAt`/`updatedAt`
 * `Gt/Lt/Ge/Le` bounds. Page-based lists (`/v2/call`, `/chat`, `/campaign`, …) answer
 * `{ results, metadata }` honouring `page`, `limit` and `sortOrder`.
 */
import type { FakeRecord } from './state.ts';

export interface PageMetadata {
  itemsPerPage: number;
  totalItems: number;
  currentPage: number;
  totalPages: number;
  hasNextPage: boolean;
}

export interface PageResult {
  results: FakeRecord[];
  metadata: PageMetadata;
}

export type ListOutcome<T> = { ok: true; value: T } | { ok: false; messages: string[] };

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
const BOUNDS = ['Gt', 'Lt', 'Ge', 'Le'] as const;
const DATE_FIELDS = ['createdAt', 'updatedAt'] as const;
const PAGING_KEYS = new Set(['limit', 'page', 'sortOrder', 'sortBy', 'search']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function listV1(records: Iterable<FakeRecord>, query: URLSearchParams): ListOutcome<FakeRecord[]> {
  const messages: string[] = [];
  const limit = readInteger(query, 'limit', DEFAULT_LIMIT, 0, MAX_LIMIT, messages);
  const filtered = filter(records, query, messages);
  if (messages.length) return { ok: false, messages };
  // Ties come back in a different order on each request, as from a database without a
  // tie-breaker: a pager that relies on their order loses records.
  tieFlip = -tieFlip;
  return { ok: true, value: sortByCreated(filtered, 'DESC', tieFlip).slice(0, limit) };
}

export function listPage(records: Iterable<FakeRecord>, query: URLSearchParams): ListOutcome<PageResult> {
  const messages: string[] = [];
  const page = readInteger(query, 'page', 1, 1, Number.MAX_SAFE_INTEGER, messages);
  const limit = readInteger(query, 'limit', DEFAULT_LIMIT, 0, MAX_LIMIT, messages);
  const sortOrder = query.get('sortOrder') ?? 'DESC';
  if (sortOrder !== 'ASC' && sortOrder !== 'DESC') {
    messages.push('sortOrder must be one of the following values: ASC, DESC');
  }
  const filtered = filter(records, query, messages);
  if (messages.length) return { ok: false, messages };
  const sorted = sortByCreated(filtered, sortOrder === 'ASC' ? 'ASC' : 'DESC');
  const totalPages = limit === 0 ? 0 : Math.ceil(sorted.length / limit);
  return {
    ok: true,
    value: {
      results: sorted.slice((page - 1) * limit, page * limit),
      metadata: {
        itemsPerPage: limit,
        totalItems: sorted.length,
        currentPage: page,
        totalPages,
        hasNextPage: page < totalPages,
      },
    },
  };
}

function readInteger(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
  messages: string[],
): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) {
    messages.push(`${name} must be a number conforming to the specified constraints`);
  } else if (value < min) {
    messages.push(`${name} must not be less than ${min}`);
  } else if (value > max) {
    messages.push(`${name} must not be greater than ${max}`);
  } else {
    return Math.floor(value);
  }
  return fallback;
}

/** Date bounds, plus equality on any other field (`assistantId`, `phoneNumberId`, …). */
function filter(records: Iterable<FakeRecord>, query: URLSearchParams, messages: string[]): FakeRecord[] {
  const tests: Array<(record: FakeRecord) => boolean> = [];
  for (const [key, value] of query) {
    const bound = dateBound(key);
    if (bound) {
      if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value))) {
        messages.push(`${key} must be a valid ISO 8601 date string`);
        continue;
      }
      const limit = Date.parse(value);
      tests.push((record) => compare(Date.parse(String(record[bound.field])), bound.op, limit));
    } else if (!PAGING_KEYS.has(key)) {
      tests.push((record) => record[key] !== undefined && String(record[key]) === value);
    }
  }
  return [...records].filter((record) => tests.every((test) => test(record)));
}

function dateBound(key: string): { field: string; op: (typeof BOUNDS)[number] } | undefined {
  for (const field of DATE_FIELDS) {
    for (const op of BOUNDS) if (key === field + op) return { field, op };
  }
  return undefined;
}

function compare(value: number, op: (typeof BOUNDS)[number], limit: number): boolean {
  switch (op) {
    case 'Gt':
      return value > limit;
    case 'Lt':
      return value < limit;
    case 'Ge':
      return value >= limit;
    case 'Le':
      return value <= limit;
  }
}

let tieFlip = 1;

/** By `createdAt`; records of one millisecond by id, ascending (`ties` 1) or descending (-1). */
function sortByCreated(records: FakeRecord[], order: 'ASC' | 'DESC', ties = 1): FakeRecord[] {
  const sign = order === 'ASC' ? 1 : -1;
  return records.sort(
    (a, b) =>
      sign * (Date.parse(a.createdAt) - Date.parse(b.createdAt)) ||
      ties * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
