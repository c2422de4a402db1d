import type { QueryParams } from './options.ts';

type Item = { id?: unknown; createdAt?: unknown };
type FetchPage = (query: QueryParams) => Promise<unknown>;

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

function unexpected(shape: string, got: unknown): TypeError {
  return new TypeError(
    `Pagination expected ${shape} but the server answered ${JSON.stringify(got)?.slice(0, 100)}.`,
  );
}

/**
 * v1 lists (newest first): ask for `limit` items, then for items created before the last one
 * (`createdAtLt`). The cursor is the last item's time plus 1 ms, so items sharing that
 * millisecond are not skipped; ids yielded on the previous page are dropped. When a page brings
 * nothing new, or the cursor would repeat, it steps strictly past the last item so the walk
 * always ends.
 */
export async function* iterateV1<T>(fetchPage: FetchPage, query: QueryParams): AsyncGenerator<T> {
  const limit = Number(query.limit ?? 100);
  let q: QueryParams = { ...query, limit };
  let previous = new Set<unknown>();
  for (;;) {
    const page = await fetchPage(q);
    if (!Array.isArray(page)) throw unexpected('an array', page);
    const ids = new Set<unknown>();
    let fresh = 0;
    for (const item of page as Item[]) {
      if (item?.id !== undefined) {
        ids.add(item.id);
        if (previous.has(item.id)) continue;
      }
      fresh++;
      yield item as T;
    }
    const last = page.at(-1) as Item | undefined;
    if (page.length < limit || last?.createdAt === undefined) return;
    const time = Date.parse(String(last.createdAt));
    let cursor =
      fresh > 0 && Number.isFinite(time) ? new Date(time + 1).toISOString() : String(last.createdAt);
    // Same cursor twice: a whole page shares one millisecond, so step strictly past it.
    if (cursor === q.createdAtLt) cursor = String(last.createdAt);
    if (cursor === q.createdAtLt) return;
    previous = ids;
    q = { ...q, createdAtLt: cursor };
  }
}

/** Page-based lists: `page` 1, 2, … of `{results, metadata}` until the metadata says stop. */
export async function* iteratePages<T>(fetchPage: FetchPage, query: QueryParams): AsyncGenerator<T> {
  let page = Number(query.page ?? 1);
  const yielded = new Set<unknown>();
  for (;;) {
    const response = (await fetchPage({ ...query, page })) as PageResponse;
    const results = response?.results;
    if (!Array.isArray(results)) throw unexpected('{ results: [...], metadata }', response);
    for (const item of results as Item[]) {
      // Items created while paging shift later pages; never hand one out twice.
      if (item?.id !== undefined) {
        if (yielded.has(item.id)) continue;
        yielded.add(item.id);
      }
      yield item as T;
    }
    const m = response.metadata ?? {};
    const current = m.currentPage ?? page;
    const more =
      m.hasNextPage ??
      (m.totalPages !== undefined
        ? current < m.totalPages
        : m.totalItems !== undefined && m.itemsPerPage
          ? current * m.itemsPerPage < m.totalItems
          : results.length >= Number(m.itemsPerPage ?? query.limit ?? 100));
    if (!more || results.length === 0) return;
    page = current + 1;
  }
}
