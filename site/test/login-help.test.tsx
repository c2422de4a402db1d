// Under /login: "No login yet? Hear a sample call · Request demo access" and "Forgot password",
// against the real site server (in-process createApp, temp SQLite, mail queued in the outbox).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as loginRoute from '../src/features/auth/route.tsx';
import { realClient, serveRealSiteApi } from './real-site-api.ts';

const api = serveRealSiteApi();

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/login', ...loginRoute },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Waits for the work the server does after answering, then reads the queue. */
async function queued() {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return api.store.outbox.claim({ owner: 'test', limit: 10, leaseMs: 1, now: Date.now() });
}

describe('/login help', () => {
  it('links a sample call on the home page', async () => {
    const router = renderLogin();
    await userEvent.click(await screen.findByRole('link', { name: 'Hear a sample call' }));
    expect(router.state.location).toMatchObject({ pathname: '/', hash: '#sample-call' });
  });

  it('requests demo access: a lead from /login and a confirmation', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Request demo access' }));
    const form = screen.getByRole('form', { name: 'Request demo access' });
    await user.type(within(form).getByLabelText('Name'), 'Dr Smith');
    await user.type(within(form).getByLabelText('Email'), 'smith@clinic.example');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/we have your request/)).toBeInTheDocument();
    // No owner address in this app's settings (LEADS_NOTIFY_TO): the visitor's confirmation only.
    const messages = await queued();
    expect(messages.map((m) => m.topic)).toEqual(['lead-visitor']);
    const [lead] = (await api.store.leads.listLeads({ limit: 5 })).leads;
    expect(lead).toMatchObject({ name: 'Dr Smith', sourcePage: '/login' });
  });

  it('sends a reset link to an account with the answer any address gets', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Forgot password' }));
    const form = screen.getByRole('form', { name: 'Reset password' });
    await user.type(within(form).getByLabelText('Email'), realClient.email);
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account has that address/)).toBeInTheDocument();
    const [reset] = await queued();
    expect(reset).toMatchObject({ topic: 'password-reset', payload: { to: realClient.email } });
  });
});
