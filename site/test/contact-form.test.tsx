// The home page's contact form against the real site server (in-process, temp SQLite).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactForm as copy } from '../src/content/contact.ts';
import { ContactBlock } from '../src/shared/layout/ContactBlock.tsx';
import { renderAt } from './render-route.tsx';
import { serveRealSiteApi } from './real-site-api.ts';

const api = serveRealSiteApi();
const leads = async () => (await api.store.leads.listLeads({ limit: 10 })).leads;

describe('contact form', () => {
  it('is a real form post to /api/leads, so it works without JavaScript', () => {
    renderAt('/', <ContactBlock formFor="/" />);
    const form = screen.getByRole('form', { name: copy.title });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/leads');
    expect(form.querySelector('input[type=hidden][name=sourcePage]')).toHaveValue('/');
    expect(form.querySelector('input[type=hidden][name=language]')).toHaveValue('en');
    const honeypot = form.querySelector('input[name=website]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden=true]')).not.toBeNull();
  });

  it('is not on pages that do not ask for it', () => {
    renderAt('/industries/law-firms', <ContactBlock />);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('sends the lead and confirms in place', async () => {
    const user = userEvent.setup();
    renderAt('/', <ContactBlock formFor="/" />);
    await user.type(screen.getByLabelText(copy.name), 'Dora Dentist');
    await user.type(screen.getByLabelText(copy.email), 'dora@example.com');
    await user.type(screen.getByLabelText(copy.message), 'Two clinics, one front desk.');
    await user.click(screen.getByRole('button', { name: copy.submit }));
    expect(await screen.findByText(copy.sent)).toBeInTheDocument();
    expect(screen.getByLabelText(copy.name)).toHaveValue('');
    expect(await leads()).toEqual([
      expect.objectContaining({
        name: 'Dora Dentist',
        email: 'dora@example.com',
        message: 'Two clinics, one front desk.',
        slot: null,
        language: 'en',
        sourcePage: '/',
      }),
    ]);
  });

  it("shows the server's answer beside the field", async () => {
    const user = userEvent.setup();
    renderAt('/', <ContactBlock formFor="/" />);
    await user.type(screen.getByLabelText(copy.name), 'Dora');
    await user.type(screen.getByLabelText(copy.email), 'dora@example.com');
    await user.type(screen.getByLabelText(copy.phone), 'no phone');
    await user.click(screen.getByRole('button', { name: copy.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(copy.failed));
    expect(screen.getByLabelText(copy.phone)).toHaveAttribute('aria-invalid', 'true');
    expect(await leads()).toEqual([]);
  });
});
