import { AppShell } from '../../shared/layout/AppShell.tsx';
import { Link, Outlet, useLoaderData, useMatch, useNavigate } from 'react-router';
import type { AdminData } from './admin-loader.ts';
import { DemoCallsPanel } from './calls/DemoCallsPanel.tsx';
import { MailStatusNote } from './mail/MailStatusNote.tsx';
import { SetupChecklistPanel } from './setup/SetupChecklistPanel.tsx';
import './admin.css';

/** The admin tabs: each is a URL (a bookmark, Back) with its own route module and loader. */
const TABS = [
  { name: 'clients', label: 'Clients', to: '/admin' },
  { name: 'leads', label: 'Leads', to: '/admin/leads' },
] as const;

/** /admin: 'Client Management' for an Admin session (spec §2, §4, §5, §8); the open tab renders in the panel. */
export function AdminPage() {
  const { demoCalls, mail, setup } = useLoaderData<AdminData>();
  if (!demoCalls) throw new Error('<AdminPage> needs adminLoader() as its route loader');
  const navigate = useNavigate();
  const leadsOpen = useMatch('/admin/leads') !== null;
  const current = leadsOpen ? TABS[1] : TABS[0];

  return (
    // The Leads table needs the width of the screen (its Status column at 1280 px).
    <AppShell
      className={leadsOpen ? 'admin-page admin-page-wide' : 'admin-page'}
      navLabel="Admin"
      nav={<Link to="/demo">Back to Demo</Link>}
    >
      <div className="admin-header">
        <h1>Client Management</h1>
      </div>

      {mail && <MailStatusNote status={mail} />}
      {setup && <SetupChecklistPanel checklist={setup} />}

      <div
        role="tablist"
        aria-label="Admin sections"
        className="admin-tabs"
        onKeyDown={(event) => {
          // The tabs pattern: arrow keys move between tabs (two here, so either key switches).
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          event.preventDefault();
          const other = current === TABS[0] ? TABS[1] : TABS[0];
          void navigate(other.to);
          document.getElementById(`admin-tab-${other.name}`)?.focus();
        }}
      >
        {TABS.map((tab) => (
          <Link
            key={tab.name}
            to={tab.to}
            role="tab"
            id={`admin-tab-${tab.name}`}
            aria-selected={tab === current}
            aria-controls="admin-panel"
            tabIndex={tab === current ? 0 : -1}
            className="admin-tab"
          >
            {tab.label}
          </Link>
        ))}
      </div>

      <div
        role="tabpanel"
        id="admin-panel"
        aria-labelledby={`admin-tab-${current.name}`}
        className="admin-panel"
      >
        <Outlet />
      </div>

      <DemoCallsPanel firstPage={demoCalls} />
    </AppShell>
  );
}
