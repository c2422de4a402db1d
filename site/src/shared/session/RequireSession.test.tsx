import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { realAdmin, realClient, serveRealSiteApi } from '../../../test/real-site-api.ts';
import { readLocalSession, saveLocalSession } from './local-session.ts';
import { ADMIN_ONLY_NOTICE } from './notices.ts';
import { RequireSession, SessionCheckPending, useSessionUser } from './RequireSession.tsx';
import { sessionLoader } from './session-loader.ts';
import type { Role } from './session-user.ts';

// The real site server in-process (createApp over a temp SQLite file).
const api = serveRealSiteApi();

function Greeting() {
  return <p>Protected for {useSessionUser().name}</p>;
}

/** History [/ , /protected]: a guard that replaces leaves / behind /login, not /protected. */
function renderGuarded(role?: Role) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/demo', element: <p>Demo page</p> },
      {
        path: '/protected',
        loader: sessionLoader(role),
        HydrateFallback: SessionCheckPending,
        element: (
          <RequireSession>
            <Greeting />
          </RequireSession>
        ),
      },
    ],
    { initialEntries: ['/', '/protected'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('sessionLoader + RequireSession', () => {
  it('sends a visitor without a local session to /login, replacing history', async () => {
    const router = renderGuarded();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?next=%2Fprotected');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('admits a signed-in user once the server confirms the cookie', async () => {
    await api.signIn(realClient);
    renderGuarded();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
    expect(await screen.findByText('Protected for Carl Client')).toBeInTheDocument();
  });

  it('ends at /login and clears a stale local flag when the server answers 401', async () => {
    // The flag survives, the cookie does not.
    saveLocalSession({ id: 'usr_gone', name: realClient.name, email: realClient.email, role: 'Client' });
    const router = renderGuarded();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(readLocalSession()).toBeUndefined();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('trusts the server over a tampered local role', async () => {
    await api.signIn(realClient);
    saveLocalSession({ ...readLocalSession()!, role: 'Admin' });
    renderGuarded('Admin');
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
    expect(readLocalSession()?.role).toBe('Client');
  });

  it('the first-run screen is the one set-password form: Show button, meter with the user as context', async () => {
    const user = userEvent.setup();
    const tina = { name: 'Tina Temp', email: 'tina@example.com', password: 'temporary password 42' };
    await api.addTemporaryAdmin(tina);
    await api.signIn(tina);
    renderGuarded();
    await screen.findByRole('heading', { name: 'Choose your own password' });
    const input = screen.getByLabelText('New password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    // Built from her own email: the server would refuse it, so the meter says so first.
    await user.type(input, 'tina@example.com!');
    expect(input).toHaveAccessibleDescription(
      /Strength: Too weak — Do not build the password from your email/,
    );
  });

  it('opens nothing behind a temporary password until it is changed', async () => {
    const user = userEvent.setup();
    // An Admin with a temporary password (as the generated first Admin has).
    const tina = { name: 'Tina Temp', email: 'tina@example.com', password: 'temporary password 42' };
    await api.addTemporaryAdmin(tina);
    await api.signIn(tina);
    renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeInTheDocument();
    expect(screen.queryByText(/Protected for/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), tina.password);
    await user.type(screen.getByLabelText('New password'), 'my own long passphrase');
    await user.type(screen.getByLabelText('New password again'), 'my own long passphrase typo');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two new passwords differ.');
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'my own long passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Protected for Tina Temp')).toBeInTheDocument();
    await api.signIn({ email: tina.email, password: 'my own long passphrase' });
    expect(readLocalSession()).not.toHaveProperty('mustChangePassword');
  });

  it('admits an Admin to an admin-only page', async () => {
    await api.signIn(realAdmin);
    renderGuarded('Admin');
    expect(await screen.findByText('Protected for Ada Admin')).toBeInTheDocument();
  });

  it('sends a Client on an admin-only page back to /demo with a note, not to the login form', async () => {
    await api.signIn(realClient);
    const router = renderGuarded('Admin');
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ notice: ADMIN_ONLY_NOTICE, from: '/protected' });
  });

  it('lands a Client on a /demo that checks the session itself, note kept (StrictMode)', async () => {
    await api.signIn(realClient);
    const router = createMemoryRouter(
      [
        {
          path: '/demo',
          loader: sessionLoader(),
          element: (
            <RequireSession>
              <Greeting />
            </RequireSession>
          ),
        },
        {
          path: '/admin',
          loader: sessionLoader('Admin'),
          HydrateFallback: SessionCheckPending,
          element: (
            <RequireSession>
              <p>Admin page</p>
            </RequireSession>
          ),
        },
      ],
      { initialEntries: ['/admin'] },
    );
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    expect(await screen.findByText('Protected for Carl Client')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ notice: ADMIN_ONLY_NOTICE, from: '/admin' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats damaged local JSON as no session', async () => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('user', '{not json');
    renderGuarded();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('says so and offers a retry when the session cannot be checked', async () => {
    await api.signIn(realClient);
    api.cutNetwork('/api/session');
    renderGuarded();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not check your session: Could not reach the server \(.+\)\. Check your connection, then try again\.$/,
    );
    api.restoreNetwork();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Protected for Carl Client')).toBeInTheDocument();
  });
});
