import type { ApiRequest } from './api-request.ts';

type Send = (request: ApiRequest) => Promise<unknown>;
type Row = Record<string, unknown>;

const MAX_PAGES = 10_000;

function withParam(request: ApiRequest, key: string, value: string): ApiRequest {
  return { ...request, query: [...request.query.filter(([name]) => name !== key), [key, value]] };
}

function isPageAnswer(value: unknown): value is { results: unknown[]; metadata?: Row } {
  return Boolean(
    value && typeof value === 'object' && Array.isArray((value as { results?: unknown }).results),
  );
}

function hasNextPage(metadata: Row | undefined): boolean {
  if (!metadata) return false;
  if (typeof metadata.hasNextPage === 'boolean') return metadata.hasNextPage;
  const current = Number(metadata.currentPage);
  const total = Number(metadata.totalPages);
  return Number.isFinite(current) && Number.isFinite(total) && current < total;
}

/**
 * `api --paginate`: follows the two list styles Vapi has and returns every row as one array.
 * v1 lists answer arrays (newest first) and page with `createdAtLt`; v2 lists answer
 * `{results, metadata}` and page with `page`.
 */
export async function followPages(send: Send, request: ApiRequest): Promise<unknown> {
  const first = await send(request);
  if (Array.isArray(first)) {
    const seen = new Set<unknown>();
    const rows: unknown[] = [];
    // Keeps rows not seen before; a server that ignores the cursor sends nothing new, and we stop.
    const keepNew = (page: unknown[]) => {
      const fresh = page.filter((row) => {
        const id = (row as Row | null)?.id;
        if (id === undefined) return true;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
      rows.push(...fresh);
      return fresh.length;
    };
    keepNew(first);
    const limit = Number(request.query.find(([name]) => name === 'limit')?.[1] ?? 100);
    let page: unknown[] = first;
    for (let count = 1; count < MAX_PAGES && page.length >= limit && page.length > 0; count++) {
      const cursor = (page.at(-1) as Row | undefined)?.createdAt;
      if (typeof cursor !== 'string') break;
      const next = await send(withParam(request, 'createdAtLt', cursor));
      if (!Array.isArray(next) || keepNew(next) === 0) break;
      page = next;
    }
    return rows;
  }
  if (isPageAnswer(first)) {
    const rows = [...first.results];
    let answer = first;
    let pageNumber = Number(
      answer.metadata?.currentPage ?? request.query.find(([name]) => name === 'page')?.[1] ?? 1,
    );
    for (
      let count = 1;
      count < MAX_PAGES && hasNextPage(answer.metadata) && answer.results.length > 0;
      count++
    ) {
      pageNumber += 1;
      const next = await send(withParam(request, 'page', String(pageNumber)));
      if (!isPageAnswer(next)) break;
      rows.push(...next.results);
      answer = next;
    }
    return rows;
  }
  return first;
}
