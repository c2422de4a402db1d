import { useEffect, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { useSessionUser } from '../../shared/session/index.ts';
import { AddClientForm } from './AddClientForm.tsx';
import type { AdminData } from './admin-loader.ts';
import type { NewClient } from './clients-api.ts';
import { ClientList } from './ClientList.tsx';
import { DemoCallsPanel } from './DemoCallsPanel.tsx';
import { LeadsPanel } from './LeadsPanel.tsx';
import { StatusBanner } from './StatusBanner.tsx';
import { useClientManagement } from './useClientManagement.ts';
import './admin.css';

/** /admin: 'Client Management' for an Admin session (spec §2, §4, §5, §8). */
export function AdminPage() {
  const user = useSessionUser();
  const { firstClients, demoCalls } = useLoaderData<AdminData>();
  if (!firstClients || !demoCalls) throw new Error('<AdminPage> needs adminLoader() as its route loader');
  const { clients, loading, banner, hasMore, loadMore, loadAll, add, remove, setPassword } =
    useClientManagement(firstClients);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? clients?.filter((c) => c.name.toLowerCase().includes(needle) || c.email.toLowerCase().includes(needle))
    : clients;

  // A search covers every client: the pages not loaded yet are fetched first.
  useEffect(() => {
    if (needle && hasMore && !loading) void loadAll();
  }, [needle, hasMore, loading, loadAll]);
  const [formOpen, setFormOpen] = useState(false);
  const [tab, setTab] = useState<'clients' | 'leads'>('clients');
  const tabProps = (name: typeof tab) => ({
    role: 'tab',
    id: `admin-tab-${name}`,
    'aria-selected': tab === name,
    'aria-controls': `admin-panel-${name}`,
    tabIndex: tab === name ? 0 : -1,
    className: 'admin-tab',
    onClick: () => setTab(name),
  });

  async function handleAdd(client: NewClient) {
    const added = await add(client);
    if (added) setFormOpen(false);
    return added;
  }

  return (
    <main className="admin-page">
      <header className="admin-header">
        <h1>Client Management</h1>
        <Link to="/demo">Back to Demo</Link>
      </header>

      <StatusBanner banner={banner} />

      <div
        role="tablist"
        aria-label="Admin sections"
        className="admin-tabs"
        onKeyDown={(event) => {
          // The tabs pattern: arrow keys move between tabs (two here, so either key switches).
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          const other = tab === 'clients' ? 'leads' : 'clients';
          setTab(other);
          document.getElementById(`admin-tab-${other}`)?.focus();
        }}
      >
        <button type="button" {...tabProps('clients')}>
          Clients
        </button>
        <button type="button" {...tabProps('leads')}>
          Leads
        </button>
      </div>

      <div role="tabpanel" id="admin-panel-leads" aria-labelledby="admin-tab-leads" hidden={tab !== 'leads'}>
        {tab === 'leads' && <LeadsPanel />}
      </div>

      <section
        aria-labelledby="clients-title"
        className="admin-clients"
        role="tabpanel"
        id="admin-panel-clients"
        hidden={tab !== 'clients'}
      >
        <div className="admin-clients-header">
          <h2 id="clients-title">Clients</h2>
          <button type="button" aria-expanded={formOpen} onClick={() => setFormOpen((open) => !open)}>
            {formOpen ? 'Cancel' : 'Add New Client'}
          </button>
        </div>
        {formOpen && <AddClientForm onAdd={handleAdd} />}
        <label className="client-search">
          Search by name or email
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        {needle && shown && (
          <p className="client-search-count" role="status">
            {shown.length === 0 ? `No client matches “${query.trim()}”` : `${shown.length} found`}
          </p>
        )}
        <ClientList
          clients={shown}
          loading={loading}
          currentUser={user}
          onDelete={(id) => void remove(id)}
          onSetPassword={setPassword}
        />
        {hasMore && !needle && (
          <button type="button" disabled={loading} onClick={() => void loadMore()}>
            {loading ? 'Loading...' : 'Load more clients'}
          </button>
        )}
      </section>

      <DemoCallsPanel configured={demoCalls} />
    </main>
  );
}
