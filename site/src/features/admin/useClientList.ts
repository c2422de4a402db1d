import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../shared/session/index.ts';
import {
  addClient,
  deleteClient,
  listClients,
  listClientsPage,
  setClientPassword,
  type ClientPage,
  type ClientRecord,
  type NewClient,
} from './clients-api.ts';
import type { Settled } from './admin-loader.ts';

/** Spec §8 banner texts. */
export const MESSAGES = {
  loadFailed: 'Failed to load clients',
  addFailed: 'Failed to add client',
  deleteFailed: 'Failed to delete client',
  added: 'Client added successfully',
  deleted: 'Client deleted successfully',
  passwordSet: 'Password updated. The client was signed out everywhere.',
  passwordFailed: 'Failed to set the password',
} as const;

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this client?';

export interface Banner {
  kind: 'success' | 'error';
  text: string;
  /** The server's own explanation (e.g. the 409 for a taken email), shown under the text. */
  detail?: string;
}

const detailOf = (error: unknown) =>
  error instanceof ApiError && error.fromServer ? error.message : undefined;

/**
 * The client list and its add/delete actions; every change reloads the list (spec §4). The
 * first page comes from the route loader (`firstClients`, already under way when the page renders).
 */
export function useClientManagement(firstClients: Promise<Settled<ClientPage>>) {
  const [clients, setClients] = useState<ClientRecord[] | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [banner, setBanner] = useState<Banner | undefined>(undefined);

  /** The cursor of the next page, when the list is not complete. */
  const [next, setNext] = useState<string | undefined>(undefined);

  const load = useCallback(async (task: () => Promise<void>) => {
    setLoading(true);
    try {
      await task();
    } catch (error) {
      setBanner({ kind: 'error', text: MESSAGES.loadFailed, detail: detailOf(error) });
    } finally {
      setLoading(false);
    }
  }, []);

  /** The first page again (after a change). */
  const reload = useCallback(
    () =>
      load(async () => {
        const page = await listClientsPage();
        setClients(page.clients);
        setNext(page.next);
      }),
    [load],
  );

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

  useEffect(() => {
    let current = true;
    setLoading(true);
    void firstClients.then((result) => {
      if (!current) return;
      if (result.ok) {
        setClients(result.value.clients);
        setNext(result.value.next);
      } else {
        setBanner({ kind: 'error', text: MESSAGES.loadFailed, detail: detailOf(result.error) });
      }
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [firstClients]);

  /** Resolves true when the client was added (the form then closes and clears). */
  const add = useCallback(
    async (client: NewClient): Promise<boolean> => {
      setBanner(undefined);
      try {
        await addClient(client);
      } catch (error) {
        setBanner({ kind: 'error', text: MESSAGES.addFailed, detail: detailOf(error) });
        return false;
      }
      setBanner({ kind: 'success', text: MESSAGES.added });
      await reload();
      return true;
    },
    [reload],
  );

  const remove = useCallback(
    async (id: string) => {
      if (!window.confirm(DELETE_CONFIRMATION)) return;
      setBanner(undefined);
      try {
        await deleteClient(id);
      } catch (error) {
        setBanner({ kind: 'error', text: MESSAGES.deleteFailed, detail: detailOf(error) });
        return;
      }
      setBanner({ kind: 'success', text: MESSAGES.deleted });
      await reload();
    },
    [reload],
  );

  /** Resolves true when the new password was stored. */
  const setPassword = useCallback(async (id: string, password: string): Promise<boolean> => {
    setBanner(undefined);
    try {
      await setClientPassword(id, password);
    } catch (error) {
      setBanner({ kind: 'error', text: MESSAGES.passwordFailed, detail: detailOf(error) });
      return false;
    }
    setBanner({ kind: 'success', text: MESSAGES.passwordSet });
    return true;
  }, []);

  return {
    clients,
    loading,
    banner,
    hasMore: next !== undefined,
    loadMore,
    loadAll,
    add,
    remove,
    setPassword,
  };
}
