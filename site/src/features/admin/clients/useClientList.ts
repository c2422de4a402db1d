import { usePagedList } from '../../../shared/hooks/usePagedList.ts';
import type { Settled } from '../../../shared/settle.ts';
import { listClientsPage, type ClientPage } from './clients-api.ts';
import { detailOf, MESSAGES, type Banner } from './client-messages.ts';

const clientsOf = (page: ClientPage) => page.clients;

/**
 * The client list: its first page comes from the route loader (`firstClients`, already under
 * way when the page renders, and asked again by the loader after every change); further pages
 * are appended on request. A failed load is reported as a banner.
 */
export function useClientList(firstClients: Promise<Settled<ClientPage>>) {
  const list = usePagedList({ first: firstClients, fetchPage: listClientsPage, itemsOf: clientsOf });
  const problem: Banner | undefined = list.error && {
    kind: 'error',
    text: MESSAGES.loadFailed,
    detail: detailOf(list.error.cause),
  };
  return {
    clients: list.items,
    loading: list.loading,
    problem,
    hasMore: list.hasMore,
    loadMore: list.loadMore,
    loadAll: list.loadAll,
  };
}
