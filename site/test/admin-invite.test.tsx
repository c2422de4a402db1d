// "Invite to the demo" on a lead, against the real site server (in-process createApp, temp
// SQLite): the lead becomes a Client, its invitation waits in the outbox, the row says invited.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { realAdmin, serveRealSiteApi } from './real-site-api.ts';
import { renderAdminAt } from './render-admin.tsx';

const api = serveRealSiteApi();
beforeEach(() => api.signIn(realAdmin));

const lead = {
  name: 'Dr Smith',
  email: 'smith@clinic.example',
  company: null,
  phone: null,
  message: null,
  slot: null,
  timeZone: null,
  language: 'en' as const,
  sourcePage: '/login',
};

describe('Leads tab: Invite to the demo', () => {
  it('invites the lead in one click and offers a new link afterwards', async () => {
    const user = userEvent.setup();
    await api.store.leads.createLead(lead, Date.now());
    renderAdminAt('/admin/leads');
    await user.click(await screen.findByRole('button', { name: 'Invite to the demo: Dr Smith' }));
    expect(await screen.findByText('Dr Smith marked invited.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status of Dr Smith' })).toHaveValue('invited');
    expect(await screen.findByRole('button', { name: 'Send a new invitation to Dr Smith' })).toBeEnabled();
    const client = await api.store.findByEmail(lead.email);
    expect(client).toMatchObject({ name: 'Dr Smith', role: 'Client' });
    const [invite] = await api.store.outbox.claim({ owner: 't', limit: 10, leaseMs: 1, now: Date.now() });
    expect(invite).toMatchObject({ topic: 'invite', payload: { kind: 'email', to: lead.email } });
    expect(api.requests.filter((r) => /^POST \/api\/leads\/[^/]+\/invite$/.test(r))).toHaveLength(1);
  });
});
