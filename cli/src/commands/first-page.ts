import type { QueryParams } from '@voxdesk/sdk';

/**
 * A `fetchPage` for the SDK's pager that hands back an answer already fetched (to tell its
 * shape) as the first page, then asks `fetch` for the rest: one request is never sent twice.
 */
export function startingWith(
  first: unknown,
  fetch: (query: QueryParams) => Promise<unknown>,
): (query: QueryParams) => Promise<unknown> {
  let pending = first;
  return (query) => {
    if (pending === undefined) return fetch(query);
    const answer = pending;
    pending = undefined;
    return Promise.resolve(answer);
  };
}
