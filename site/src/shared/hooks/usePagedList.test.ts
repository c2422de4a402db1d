import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { settle, type Settled } from '../settle.ts';
import { MAX_PAGES, usePagedList } from './usePagedList.ts';

interface Row {
  id: string;
}
interface Page {
  rows: Row[];
  next?: string;
}

const rows = (...ids: string[]) => ids.map((id) => ({ id }));
const rowsOf = (page: Page) => page.rows;
const ids = (items: Row[] | undefined) => items?.map((row) => row.id);

/** A promise the test resolves when it wants: answers that arrive late or out of order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderList(first: Promise<Settled<Page | undefined>>, fetchPage: (after: string) => Promise<Page>) {
  return renderHook(
    ({ first: current }: { first: Promise<Settled<Page | undefined>> }) =>
      usePagedList({ first: current, fetchPage, itemsOf: rowsOf }),
    { initialProps: { first } },
  );
}

describe('usePagedList', () => {
  it('shows the first page, then appends pages on request until the cursor ends', async () => {
    const fetchPage = vi.fn(async (after: string) =>
      after === 'p2' ? { rows: rows('c', 'd'), next: 'p3' } : { rows: rows('e') },
    );
    const { result } = renderList(settle(Promise.resolve({ rows: rows('a', 'b'), next: 'p2' })), fetchPage);
    await waitFor(() => expect(ids(result.current.items)).toEqual(['a', 'b']));
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.loadMore());
    expect(ids(result.current.items)).toEqual(['a', 'b', 'c', 'd']);
    await act(() => result.current.loadMore());
    expect(ids(result.current.items)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.current.hasMore).toBe(false);
    expect(fetchPage.mock.calls).toEqual([['p2'], ['p3']]);
  });

  it('shows a record once when an insert shifts it into the next page', async () => {
    const fetchPage = async () => ({ rows: rows('b', 'c') });
    const { result } = renderList(settle(Promise.resolve({ rows: rows('a', 'b'), next: 'p2' })), fetchPage);
    await waitFor(() => expect(result.current.items).toBeDefined());
    await act(() => result.current.loadMore());
    expect(ids(result.current.items)).toEqual(['a', 'b', 'c']);
  });

  it('sends one request for a double click on "load more"', async () => {
    const page = deferred<Page>();
    const fetchPage = vi.fn(() => page.promise);
    const { result } = renderList(settle(Promise.resolve({ rows: rows('a'), next: 'p2' })), fetchPage);
    await waitFor(() => expect(result.current.items).toBeDefined());
    let first!: Promise<void>;
    act(() => {
      first = result.current.loadMore();
      void result.current.loadMore();
    });
    expect(result.current.loading).toBe(true);
    await act(async () => {
      page.resolve({ rows: rows('b') });
      await first;
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(ids(result.current.items)).toEqual(['a', 'b']);
  });

  it('drops an answer for a list the loader has replaced meanwhile', async () => {
    const late = deferred<Page>();
    const { result, rerender } = renderList(
      settle(Promise.resolve({ rows: rows('old'), next: 'p2' })),
      () => late.promise,
    );
    await waitFor(() => expect(ids(result.current.items)).toEqual(['old']));
    let pending!: Promise<void>;
    act(() => {
      pending = result.current.loadMore();
    });
    rerender({ first: settle(Promise.resolve({ rows: rows('new') })) });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['new']));
    await act(async () => {
      late.resolve({ rows: rows('stale') });
      await pending;
    });
    expect(ids(result.current.items)).toEqual(['new']);
    expect(result.current.loading).toBe(false);
  });

  it('keeps what it has when a page fails, says why, and clears that once a retry works', async () => {
    const fetchPage = vi
      .fn<(after: string) => Promise<Page>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ rows: rows('b') });
    const { result } = renderList(settle(Promise.resolve({ rows: rows('a'), next: 'p2' })), fetchPage);
    await waitFor(() => expect(result.current.items).toBeDefined());
    await act(() => result.current.loadMore());
    expect(result.current.error).toEqual({ at: 'more', cause: new Error('offline') });
    expect(ids(result.current.items)).toEqual(['a']);
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.loadMore());
    expect(result.current.error).toBeUndefined();
    expect(ids(result.current.items)).toEqual(['a', 'b']);
  });

  it('reports a failed first page, and no list at all when the source has none (undefined page)', async () => {
    const failed = renderList(settle(Promise.reject(new Error('502'))), vi.fn());
    await waitFor(() =>
      expect(failed.result.current.error).toEqual({ at: 'first', cause: new Error('502') }),
    );
    expect(failed.result.current.items).toBeUndefined();
    expect(failed.result.current.loading).toBe(false);

    const none = renderList(settle(Promise.resolve(undefined)), vi.fn());
    await waitFor(() => expect(none.result.current.first).toBeNull());
    expect(none.result.current.hasMore).toBe(false);
  });

  it(`reads at most ${MAX_PAGES} pages for "load all" when the cursor never ends`, async () => {
    let n = 0;
    const fetchPage = vi.fn(async () => ({ rows: rows(`r${++n}`), next: 'again' }));
    const { result } = renderList(settle(Promise.resolve({ rows: rows('r0'), next: 'again' })), fetchPage);
    await waitFor(() => expect(result.current.items).toBeDefined());
    await act(() => result.current.loadAll());
    expect(fetchPage).toHaveBeenCalledTimes(MAX_PAGES);
    expect(result.current.items).toHaveLength(MAX_PAGES + 1);
    expect(result.current.loading).toBe(false);
  });

  it('changes loaded records in place without a request', async () => {
    const fetchPage = vi.fn();
    const { result } = renderList(settle(Promise.resolve({ rows: rows('a', 'b') })), fetchPage);
    await waitFor(() => expect(result.current.items).toBeDefined());
    act(() => result.current.update((items) => items.filter((row) => row.id !== 'a')));
    expect(ids(result.current.items)).toEqual(['b']);
    expect(fetchPage).not.toHaveBeenCalled();
  });
});
