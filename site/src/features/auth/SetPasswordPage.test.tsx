import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { realAdmin, realClient, serveRealSiteApi } from '../../../test/real-site-api.ts';
import { readLocalSession } from '../../shared/session/index.ts';
import { SetPasswordPage } from './SetPasswordPage.tsx';

// The real site server in-process (createApp over a temp SQLite file).
const api = serveRealSiteApi();

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/set-password', element: <SetPasswordPage /> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/demo', element: <p>Demo page</p> },
      { path: '/admin', element: <p>Admin page</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('/set-password', () => {
  it('says a link without a token is incomplete and links to /login, sending nothing', async () => {
    renderAt('/set-password');
    expect(screen.getByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('shows the password on request and rates it by the server rules', async () => {
    const user = userEvent.setup();
    renderAt('/set-password#token=abc');
    const input = screen.getByLabelText('New password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');

    expect(input).toHaveAccessibleDescription(/Strength: Not entered yet/);
    await user.type(input, 'short one');
    expect(input).toHaveAccessibleDescription(/Strength: Too weak — Use at least 12 characters/);
    await user.clear(input);
    await user.type(input, 'voxdesk 123456789');
    expect(input).toHaveAccessibleDescription(/Strength: Too weak — Do not build the password from/);
    await user.clear(input);
    await user.type(input, 'pear kiwi fig');
    expect(input).toHaveAccessibleDescription(/Strength: Fair/);
    await user.type(input, ' plum lime');
    expect(input).toHaveAccessibleDescription(/Strength: Strong/);
  });

  it('sets a Client password from the link, signs in, lands on /demo; the link then fails', async () => {
    const user = userEvent.setup();
    const token = await api.issueLink(realClient.email);
    const router = renderAt(`/set-password#token=${token}`);
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();

    // A weak password is refused by the server, in its words, and does not use the link up.
    await user.type(screen.getByLabelText('New password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Set password and log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/common or breached passwords/));
    expect(screen.queryByRole('link', { name: /new link/ })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'harbour lanterns at dusk');
    await user.click(screen.getByRole('button', { name: 'Set password and log in' }));
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(readLocalSession()?.email).toBe(realClient.email);
    // The token travelled in the body only, never in a URL.
    expect(api.requests).toEqual(['POST /api/password/token', 'POST /api/password/token']);

    // The new password works; the same link a second time is refused, with a way to a new one.
    await api.signIn({ email: realClient.email, password: 'harbour lanterns at dusk' });
    renderAt(`/set-password#token=${token}`);
    await user.type(screen.getAllByLabelText('New password').at(-1)!, 'another long passphrase');
    await user.click(screen.getAllByRole('button', { name: 'Set password and log in' }).at(-1)!);
    expect(await screen.findByText(/This link is not valid any more/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link on the login page' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('lands an Admin on /admin', async () => {
    const user = userEvent.setup();
    const token = await api.issueLink(realAdmin.email);
    renderAt(`/set-password#token=${token}`);
    await user.type(screen.getByLabelText('New password'), 'copper kettles sing loudly');
    await user.click(screen.getByRole('button', { name: 'Set password and log in' }));
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
  });
});
