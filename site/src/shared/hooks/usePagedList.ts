import { useCallback, useEffect, useRef, useState } from 'react';
import type { Settled } from '../settle.ts';

/** Pages `loadAll` reads at the most, so a cursor that never ends cannot loop forever. */
export const MAX_PAGES = 100;

/** The part of a paged `/api` answer the list needs: the cursor of the next page, while more exist. */
export interface Paged {
  next?: string;
}

export interface PagedListSource<P extends Paged, T extends { id: string }> {
  /**
   * The first page, started by the route loader. `undefined` as its value: the server has no
   * such list (e.g. demo calls not set up). A new promise (the loader ran again) starts over.
   */
  first: Promise<Settled<P | undefined>>;
  /** The page after the cursor `after`. */
  fetchPage(after: string): Promise<P>;
  /** The page's records. */
  itemsOf(page: P): T[];
}

export interface PagedList<P, T> {
  /** The first page as sent (for what else it says); `undefined` while it loads, `null` when there is no list. */
  first: P | null | undefined;
  /** Every record loaded so far, in server order, each id once; `undefined` until the first page arrives. */
  items: T[] | undefined;
  /** A page is being loaded. */
  loading: boolean;
  hasMore: boolean;
  /** Why the latest load failed (`first`: the list could not be shown at all), until a load succeeds. */
  error: { at: 'first' | 'more'; cause: unknown } | undefined;
  /** Appends the next page; a call while a page is loading does nothing. */
  loadMore(): Promise<void>;
  /** Appends every remaining page (at most `MAX_PAGES`). */
  loadAll(): Promise<void>;
  /** Changes loaded records in place (e.g. a lead's new status), without a reload. */
  update(change: (items: T[]) => T[]): void;
}

interface State<P, T> {
  first: P | null | undefined;
  items: T[] | undefined;
  next: string | undefined;
  loading: boolean;
  error: PagedList<P, T>['error'];
}

/** Appends `more`, leaving out ids already shown: a record inserted meanwhile can shift into the next page. */
function appendNew<T extends { id: string }>(items: T[] | undefined, more: T[]): T[] {
  const seen = new Set((items ?? []).map((item) => item.id));
  return [...(items ?? []), ...more.filter((item) => !seen.has(item.id) && seen.add(item.id))];
}

/**
 * The admin screen's one pager: a list whose first page the route loader asked for, then "load
 * more" (or all) on request. Answers for a list the loader has since replaced are dropped, and a
 * second "load more" while one is under way sends nothing.
 */
export function usePagedList<P extends Paged, T extends { id: string }>({
  first,
  fetchPage,
  itemsOf,
}: PagedListSource<P, T>): PagedList<P, T> {
  const [state, setState] = useState<State<P, T>>({
    first: undefined,
    items: undefined,
    next: undefined,
    loading: true,
    error: undefined,
  });
  /** Which first page the state belongs to; a load started for another one is stale. */
  const generation = useRef(first);
  const busy = useRef(false);
  /** The next page's cursor, kept beside the state so a click right after a load uses the new one. */
  const cursor = useRef<string | undefined>(undefined);
  const source = useRef({ fetchPage, itemsOf });
  useEffect(() => {
    source.current = { fetchPage, itemsOf };
  });

  useEffect(() => {
    generation.current = first;
    busy.current = false;
    setState((current) => ({ ...current, loading: true }));
    void first.then((settled) => {
      if (generation.current !== first) return;
      if (!settled.ok) {
        setState((current) => ({ ...current, loading: false, error: { at: 'first', cause: settled.error } }));
      } else if (settled.value === undefined) {
        cursor.current = undefined;
        setState({ first: null, items: undefined, next: undefined, loading: false, error: undefined });
      } else {
        const page = settled.value;
        const items = appendNew(undefined, source.current.itemsOf(page));
        cursor.current = page.next;
        setState({ first: page, items, next: page.next, loading: false, error: undefined });
      }
    });
  }, [first]);

  const load = useCallback(async (pages: number) => {
    if (busy.current || !cursor.current) return;
    busy.current = true;
    const owner = generation.current;
    setState((current) => ({ ...current, loading: true }));
    try {
      for (let read = 0; read < pages && cursor.current; read++) {
        const page = await source.current.fetchPage(cursor.current);
        if (generation.current !== owner) return;
        const more = source.current.itemsOf(page);
        cursor.current = page.next;
        setState((current) => ({ ...current, items: appendNew(current.items, more), next: page.next }));
      }
      setState((current) => ({ ...current, loading: false, error: undefined }));
    } catch (cause) {
      if (generation.current === owner) {
        setState((current) => ({ ...current, loading: false, error: { at: 'more', cause } }));
      }
    } finally {
      if (generation.current === owner) busy.current = false;
    }
  }, []);

  const loadMore = useCallback(() => load(1), [load]);
  const loadAll = useCallback(() => load(MAX_PAGES), [load]);
  const update = useCallback(
    (change: (items: T[]) => T[]) =>
      setState((current) => (current.items ? { ...current, items: change(current.items) } : current)),
    [],
  );

  return {
    first: state.first,
    items: state.items,
    loading: state.loading,
    hasMore: state.next !== undefined,
    error: state.error,
    loadMore,
    loadAll,
    update,
  };
}
