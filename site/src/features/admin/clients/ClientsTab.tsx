import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router';
import { useSessionUser } from '../../../shared/session/index.ts';
import { AddClientForm } from './AddClientForm.tsx';
import type { ClientsData } from './clients-loader.ts';
import { ClientList } from './ClientList.tsx';
import { StatusBanner } from '../StatusBanner.tsx';
import { useClientChange } from './useClientChange.ts';
import { useClientList } from './useClientList.ts';

/** The Clients tab (spec §4, §5, §8): the list, search, paging and the changes an Admin makes. */
export function ClientsTab() {
  const user = useSessionUser();
  const { firstClients } = useLoaderData<ClientsData>();
  const { clients, loading, problem, hasMore, loadMore, loadAll } = useClientList(firstClients);
  const change = useClientChange();
  const [query, setQuery] = useState('');
  const [formOpen, setFormOpen] = useState(false);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? clients?.filter((c) => c.name.toLowerCase().includes(needle) || c.email.toLowerCase().includes(needle))
    : clients;

  // An added client closes the form (adjusted while rendering: the action's answer is new data).
  const [answered, setAnswered] = useState(change.result);
  if (change.result !== answered) {
    setAnswered(change.result);
    if (change.result?.ok && change.result.intent === 'add') setFormOpen(false);
  }
  // A change being sent clears the last answer's banner; the list's own problem stays apart.
  const answer = change.state === 'submitting' ? undefined : change.result?.banner;

  // A search covers every client: the pages not loaded yet are fetched first.
  useEffect(() => {
    if (needle && hasMore && !loading) void loadAll();
  }, [needle, hasMore, loading, loadAll]);

  return (
    <>
      <StatusBanner banner={answer} />
      <StatusBanner banner={problem} />
      <section aria-labelledby="clients-title" className="admin-clients">
        <div className="admin-clients-header">
          <h2 id="clients-title">Clients</h2>
          <button type="button" aria-expanded={formOpen} onClick={() => setFormOpen((open) => !open)}>
            {formOpen ? 'Cancel' : 'Add New Client'}
          </button>
        </div>
        {formOpen && <AddClientForm />}
        <label className="client-search">
          Search by name or email
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        {needle && shown && (
          <p className="client-search-count" role="status">
            {shown.length === 0 ? `No client matches “${query.trim()}”` : `${shown.length} found`}
          </p>
        )}
        <ClientList clients={shown} loading={loading} currentUser={user} />
        {hasMore && !needle && (
          <button type="button" disabled={loading} onClick={() => void loadMore()}>
            {loading ? 'Loading...' : 'Load more clients'}
          </button>
        )}
      </section>
    </>
  );
}
