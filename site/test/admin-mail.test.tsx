// The outbox line of /admin against the real site server (in-process createApp, temp SQLite,
// no SMTP_URL): what waits, what to set, and what a mail server refused for good.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { realAdmin, serveRealSiteApi } from './real-site-api.ts';
import { renderAdminAt } from './render-admin.tsx';

const api = serveRealSiteApi();
beforeEach(() => api.signIn(realAdmin));

const mail = (to: string, topic: string) => ({
  topic,
  payload: { kind: 'email' as const, to, subject: 's', text: 't', html: '<p>t</p>' },
});
const lead = {
  name: 'Bo Contact',
  email: 'bo@example.com',
  company: null,
  phone: null,
  message: null,
  slot: null,
  timeZone: null,
  language: 'en' as const,
  sourcePage: '/',
};

describe('/admin notifications', () => {
  it('without SMTP_URL says what to set, even with nothing waiting', async () => {
    renderAdminAt('/admin');
    expect(await screen.findByText('0 notifications waiting — set SMTP_URL')).toBeInTheDocument();
  });

  it('shows "N notifications waiting — set SMTP_URL" for a stored lead', async () => {
    await api.store.leads.createLead(lead, Date.now(), [
      mail('owner@example.com', 'lead-owner'),
      mail(lead.email, 'lead-visitor'),
    ]);
    renderAdminAt('/admin');
    const note = (await screen.findByText('2 notifications waiting — set SMTP_URL')).closest('p');
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent('emailed once the server has a mail server');
  });

  it('lists the messages a server refused for good', async () => {
    await api.store.outbox.enqueue([mail('gone@example.com', 'lead-visitor')], Date.now());
    const [claimed] = await api.store.outbox.claim({
      owner: 't',
      limit: 1,
      leaseMs: 60_000,
      now: Date.now(),
    });
    await api.store.outbox.markFailed(claimed!.id, 't', '550 5.1.1 No such mailbox here', Date.now());
    renderAdminAt('/admin');
    const section = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(section).findByText(/1 notification was refused for good/)).toBeInTheDocument();
    expect(within(section).getByRole('listitem')).toHaveTextContent(
      'Lead confirmation to gone@example.com: 550 5.1.1 No such mailbox here',
    );
  });
});
