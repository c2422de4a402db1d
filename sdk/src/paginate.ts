/**
 * The one pager for Vapi's two list styles, used by every `iterate`, the CLI's `--all` and
 * `voxdesk api --paginate`. How it pages and where it stops is in docs/pagination.md.
 */
import type { QueryParams } from './options.ts';
import { BRAND, isInstance } from './brand.ts';

type Item = { id?: unknown; createdAt?: unknown };
/** Fetches one page for a query: the list call with the pager's `limit`, cursor or `page`. */
export type FetchPage = (query: QueryParams) => Promise<unknown>;
/** `v1`: arrays, newest first, `limit` + createdAt bounds. `pages`: `page` + `{results, metadata}`. */
export type PagingKind = 'v1' | 'pages';

/** Options of `paginate()`, `iterateV1()` and `iteratePages()`. */
export interface PaginateOptions {
  /** Stop after this many items in total, however many pages that takes (no request beyond). */
  maxItems?: number;
  /**
   * Called once when the pager stops by itself (the list ended, or `maxItems` was reached),
   * not when the caller breaks out of the loop. `more` says whether the list goes on past
   * the last item yielded: `true` when an item was left over or the server says so, `false`
   * when the last page was short or the server says it was the last, `undefined` when only
   * another request could tell (a full v1 page ended exactly at `maxItems`).
   */
  onEnd?: (end: PageEnd) => void;
}

/** What `onEnd` hears: how many items were yielded and whether more exist. */
export interface PageEnd {
  items: number;
  more: boolean | undefined;
}

/** The most a v1 list returns in one request. */
export const MAX_PAGE_LIMIT = 1000;
const DEFAULT_LIMIT = 100;

/** The server answered something the pager cannot page through; `reason` says what. */
export class VapiPaginationError extends Error {
  /** `instanceof` holds for an error from the SDK's other build too (see brand.ts). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isInstance(this, value);
  }
  /** The class's name, which `instanceof` matches across the SDK's builds. */
  get [BRAND](): string {
    return 'VapiPaginationError';
  }
  override name = 'VapiPaginationError';
  /**
   * `shape`: a page was not the list the style promises. `no-progress`: the server ignored
   * the cursor or repeated a page. `millisecond-overflow`: 1000 or more items share one
   * millisecond, more than one request can return.
   */
  declare readonly reason: 'shape' | 'no-progress' | 'millisecond-overflow';

  constructor(message: string, reason: VapiPaginationError['reason']) {
    super(message);
    this.reason = reason;
  }
}

function unexpected(shape: string, got: unknown): VapiPaginationError {
  return new VapiPaginationError(
    `Pagination expected ${shape} but the server answered ${JSON.stringify(got)?.slice(0, 100)}.`,
    'shape',
  );
}

function positiveInteger(name: string, value: unknown, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}, got ${String(value)}.`);
  }
  return n;
}

/** The pager for `kind`: `paginate(op.paging, (q) => client.list(q), query)`. */
export async function* paginate<T>(
  kind: PagingKind,
  fetchPage: FetchPage,
  query: QueryParams = {},
  options: PaginateOptions = {},
): AsyncGenerator<T> {
  if (kind === 'v1') {
    yield* iterateV1<T>(fetchPage, query, options);
    return;
  }
  if (kind === 'pages') {
    yield* iteratePages<T>(fetchPage, query, options);
    return;
  }
  throw new RangeError(`paginate: kind must be 'v1' or 'pages', got ${String(kind)}.`);
}

/**
 * Whether `rest` holds an item not yet handed out. The v1 pager's id sets never hold
 * `undefined`, so an item without an id counts as new, and `has(item?.id)` is the whole test.
 */
const anyNew = (rest: Item[], seen: Set<unknown>) => rest.some((item) => !seen.has(item?.id));

/** Milliseconds of an item's `createdAt`; a v1 cursor cannot be built without it. */
function timeOf(item: Item | undefined): number {
  const time = typeof item?.createdAt === 'string' ? Date.parse(item.createdAt) : NaN;
  if (Number.isNaN(time)) {
    throw unexpected('items with a createdAt timestamp to page by', item);
  }
  return time;
}

const iso = (time: number) => new Date(time).toISOString();

/**
 * v1 lists, newest first. After a full page ending at millisecond t, the next request asks
 * for `createdAtLe` t: the items of t come first, those already yielded are dropped by id.
 * When a full page holds nothing but millisecond t, t alone is read at the largest limit
 * (`createdAtGe` = `createdAtLe` = t) and paging goes on below it (`createdAtLt` t). The
 * caller's own bounds stay in every request; ours are always tighter.
 */
export async function* iterateV1<T>(
  fetchPage: FetchPage,
  query: QueryParams,
  options: PaginateOptions = {},
): AsyncGenerator<T> {
  const limit = positiveInteger('limit', query.limit ?? DEFAULT_LIMIT, MAX_PAGE_LIMIT);
  const maxItems = positiveInteger('maxItems', options.maxItems ?? Number.MAX_SAFE_INTEGER);
  const base: QueryParams = { ...query, limit };
  let count = 0;
  const end = (more: boolean | undefined) => options.onEnd?.({ items: count, more });
  // The cursor: below (`Lt`) or at and below (`Le`) millisecond `edge`; it only ever moves down.
  let cursor: QueryParams = {};
  let edge = Infinity;
  let inclusive = false;
  // Ids already yielded from millisecond `edge`, which the next request may bring again.
  let atEdge = new Set<unknown>();

  const read = async (q: QueryParams) => {
    const page = await fetchPage(q);
    if (!Array.isArray(page)) throw unexpected('an array', page);
    return page as Item[];
  };

  for (;;) {
    const page = await read({ ...base, ...cursor });
    for (const [index, item] of page.entries()) {
      if (atEdge.has(item?.id)) continue;
      yield item as T;
      if (++count >= maxItems) {
        end(anyNew(page.slice(index + 1), atEdge) || (page.length < limit ? false : undefined));
        return;
      }
    }
    if (page.length < limit) {
      end(false);
      return;
    }
    const last = timeOf(page.at(-1));
    const onlyLast = page.every((item) => timeOf(item) === last);
    // A correct server answers below the cursor; anything else would page forever.
    if (last > edge || (last === edge && !(inclusive && onlyLast))) {
      throw new VapiPaginationError(
        `Pagination made no progress: asked for items created before ${iso(edge)}, the server answered ${iso(last)}. It ignores the createdAt cursor.`,
        'no-progress',
      );
    }
    const seen = new Set(last === edge ? atEdge : []);
    for (const item of page) if (item?.id !== undefined && timeOf(item) === last) seen.add(item.id);
    if (!onlyLast) {
      [cursor, edge, inclusive, atEdge] = [{ createdAtLe: iso(last) }, last, true, seen];
      continue;
    }
    // The page may end inside millisecond `last`: read all of it at once.
    const whole = await read({
      ...base,
      createdAtGe: iso(last),
      createdAtLe: iso(last),
      limit: MAX_PAGE_LIMIT,
    });
    for (const [index, item] of whole.entries()) {
      if (seen.has(item?.id)) continue;
      yield item as T;
      if (++count >= maxItems) {
        // Items of this millisecond left over, else whatever lies below it: unknown.
        end(anyNew(whole.slice(index + 1), seen) || undefined);
        return;
      }
    }
    if (whole.length >= MAX_PAGE_LIMIT) {
      throw new VapiPaginationError(
        `Pagination cannot continue: ${MAX_PAGE_LIMIT} or more items were created in the millisecond ${iso(last)}, more than one request returns. Narrow the list with filters.`,
        'millisecond-overflow',
      );
    }
    [cursor, edge, inclusive, atEdge] = [{ createdAtLt: iso(last) }, last, false, new Set()];
  }
}

interface PageResponse {
  results?: unknown;
  metadata?: {
    itemsPerPage?: number;
    totalItems?: number;
    currentPage?: number;
    totalPages?: number;
    hasNextPage?: boolean;
  };
}

/** An item's identity for de-duplication: its id, else its whole content. */
const keyOf = (item: Item) => (item?.id !== undefined ? item.id : JSON.stringify(item));

/**
 * Page-based lists: `page` 1, 2, … of `{results, metadata}` until the metadata says stop.
 * The page number is our own count (a stale `currentPage` cannot send us back), and a page
 * that brings nothing new ends the walk with a `VapiPaginationError` instead of looping.
 */
export async function* iteratePages<T>(
  fetchPage: FetchPage,
  query: QueryParams,
  options: PaginateOptions = {},
): AsyncGenerator<T> {
  const maxItems = positiveInteger('maxItems', options.maxItems ?? Number.MAX_SAFE_INTEGER);
  let page = positiveInteger('page', query.page ?? 1);
  let count = 0;
  const yielded = new Set<unknown>();
  for (;;) {
    const response = (await fetchPage({ ...query, page })) as PageResponse;
    const results = response?.results;
    if (!Array.isArray(results)) throw unexpected('{ results: [...], metadata }', response);
    const m = response.metadata ?? {};
    const more =
      results.length > 0 &&
      (m.hasNextPage ??
        (m.totalPages !== undefined
          ? page < m.totalPages
          : m.totalItems !== undefined && m.itemsPerPage
            ? page * m.itemsPerPage < m.totalItems
            : results.length >= Number(m.itemsPerPage ?? query.limit ?? DEFAULT_LIMIT)));
    let fresh = 0;
    for (const [index, item] of (results as Item[]).entries()) {
      // Items created while paging shift later pages; never hand one out twice.
      const key = keyOf(item);
      if (yielded.has(key)) continue;
      yielded.add(key);
      fresh++;
      yield item as T;
      if (++count >= maxItems) {
        const left = (results as Item[]).slice(index + 1).some((next) => !yielded.has(keyOf(next)));
        options.onEnd?.({ items: count, more: left || more });
        return;
      }
    }
    if (!more) {
      options.onEnd?.({ items: count, more: false });
      return;
    }
    if (fresh === 0) {
      throw new VapiPaginationError(
        `Pagination made no progress: page ${page} repeated items already seen (the server reported currentPage ${String(m.currentPage)} and a next page).`,
        'no-progress',
      );
    }
    page += 1;
  }
}
