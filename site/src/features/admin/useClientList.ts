import { useCallback, useEffect, useState } from 'react';
import type { Settled } from '../../shared/settle.ts';
import { listClients, listClientsPage, type ClientPage, type ClientRecord } from './clients-api.ts';
import { detailOf, MESSAGES, type Banner } from './client-messages.ts';

/**
 * The client list: its first page comes from the route loader (`firstClients`, already under
 * way when the page renders, and asked again by the loader after every change); further pages
 * are appended on request. A failed load is reported as a banner.
 */
export function useClientList(firstClients: Promise<Settled<ClientPage>>) {
  const [clients, setClients] = useState<ClientRecord[] | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<Banner | undefined>(undefined);

  /** The cursor of the next page, when the list is not complete. */
  const [next, setNext] = useState<string | undefined>(undefined);

  const load = useCallback(async (task: () => Promise<void>) => {
    setLoading(true);
    try {
      await task();
    } catch (error) {
      setProblem({ kind: 'error', text: MESSAGES.loadFailed, detail: detailOf(error) });
    } finally {
      setLoading(false);
    }
  }, []);

  /** The next page, appended. */
  const loadMore = useCallback(
    () =>
      load(async () => {
        if (!next) return;
        const page = await listClientsPage(next);
        setClients((current) => [...(current ?? []), ...page.clients]);
        setNext(page.next);
      }),
    [load, next],
  );

  /** Every remaining page (a search looks at all clients, not just the pages shown). */
  const loadAll = useCallback(
    () =>
      load(async () => {
        if (!next) return;
        const rest = await listClients(next);
        setClients((current) => [...(current ?? []), ...rest]);
        setNext(undefined);
      }),
    [load, next],
  );

  // The loader's page (the first one, or the list asked anew after a change) replaces the list.
  useEffect(() => {
    let current = true;
    setLoading(true);
    void firstClients.then((result) => {
      if (!current) return;
      if (result.ok) {
        setClients(result.value.clients);
        setNext(result.value.next);
        setProblem(undefined);
      } else {
        setProblem({ kind: 'error', text: MESSAGES.loadFailed, detail: detailOf(result.error) });
      }
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [firstClients]);

  return { clients, loading, problem, hasMore: next !== undefined, loadMore, loadAll };
}
