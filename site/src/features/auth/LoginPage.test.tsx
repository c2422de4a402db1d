import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { realAdmin, realClient, serveRealSiteApi } from '../../../test/real-site-api.ts';
import { saveLocalSession } from '../../shared/session/index.ts';
import * as loginRoute from './route.tsx';

// The real site server in-process (createApp over a temp SQLite file).
const api = serveRealSiteApi();
const clientUser = realClient;
const storedClient = {
  id: 'usr_stored',
  name: realClient.name,
  email: realClient.email,
  role: 'Client' as const,
};

function renderLogin(loginState?: unknown, search = '') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/login', ...loginRoute },
      { path: '/demo', element: <p>Demo page</p> },
      { path: '/admin', element: <p>Admin page</p> },
    ],
    { initialEntries: [{ pathname: '/login', search, state: loginState }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function fillIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('/login', () => {
  it('returns to the page in ?next= after logging in', async () => {
    const router = renderLogin(undefined, '?next=%2Fadmin');
    await fillIn(realAdmin.email, realAdmin.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to /demo when ?next= names another origin', async () => {
    renderLogin(undefined, '?next=%2F%2Fevil.example%2Fadmin');
    await fillIn(realAdmin.email, realAdmin.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
  });

  it("shows 'Access Your Demo' with email, password and 'Back to Home'", () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Access Your Demo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it("disables the form with 'Logging in...' while submitting, then saves the session and opens /demo", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Returning nothing falls through to the real server's login once released.
    api.use(
      http.post('*/api/session', async () => {
        await held;
      }),
    );
    const router = renderLogin();
    await fillIn(clientUser.email, clientUser.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const button = await screen.findByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();

    release();
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      id: (await api.store.users.findByEmail(clientUser.email))!.id,
      name: clientUser.name,
      email: clientUser.email,
      role: 'Client',
    });
  });

  it('sends one login for a double submit (a second would be cancelled only in the browser)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    api.use(
      http.post('*/api/session', async () => {
        sent++;
        await held;
      }),
    );
    renderLogin();
    await fillIn(clientUser.email, clientUser.password);
    const form = screen.getByRole('form', { name: 'Access Your Demo' }) as HTMLFormElement;
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('button', { name: 'Logging in...' });
    form.requestSubmit();
    release();
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
    expect(sent).toBe(1);
  });

  it.each([
    ['nobody@example.com', 'whatever', 'Invalid email or password'],
    [clientUser.email, 'wrong', 'Invalid email or password'],
  ])('shows the server message for %s', async (email, password, message) => {
    renderLogin();
    await fillIn(email, password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('clears the message when any field is edited, keeping what was typed', async () => {
    renderLogin();
    await fillIn(clientUser.email, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('alert');
    await userEvent.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(clientUser.email);
    expect(screen.getByLabelText('Password')).toHaveValue('wrong!');
  });

  it("relays the table service's authentication failure as the server words it", async () => {
    // The server's STORE_AUTH_FAILED answer when Airtable refuses its token (not set up here).
    api.use(
      http.post('*/api/session', () =>
        HttpResponse.json(
          { error: 'Authentication failed. Please check your credentials.' },
          { status: 502 },
        ),
      ),
    );
    renderLogin();
    await fillIn(clientUser.email, clientUser.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication failed. Please check your credentials.',
    );
  });

  it.each([
    ['the network fails', () => HttpResponse.error()],
    ['the answer is not JSON', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })],
  ])('falls back to the generic message when %s', async (_case, resolver) => {
    api.use(http.post('*/api/session', async () => (await delay(1), resolver())));
    renderLogin();
    await fillIn(clientUser.email, clientUser.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred during login. Please try again.',
    );
  });

  it('goes straight to /demo when already logged in', async () => {
    saveLocalSession(storedClient);
    const router = renderLogin();
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
    await waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
  });

  it('stays on /login after a page refused the signed-in role, so another account can sign in', async () => {
    saveLocalSession(storedClient);
    renderLogin({ requiredRole: 'Admin', from: '/admin' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'That page (/admin) is for Admin accounts only. Log in with an Admin account to open it.',
    );
    await fillIn(realAdmin.email, realAdmin.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ role: 'Admin' });
  });
});
