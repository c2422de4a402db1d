import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realAdmin, realClient, serveRealSiteApi } from '../../../test/real-site-api.ts';
import { renderAdminAt } from '../../../test/render-admin.tsx';

// The real site server in-process (createApp over a temp SQLite file).
const api = serveRealSiteApi();
beforeEach(() => api.signIn(realAdmin));
afterEach(() => vi.restoreAllMocks());
const emails = async () => (await api.store.users.list()).map((u) => u.email);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const renderAdmin = () => renderAdminAt('/admin');

const clientList = () => screen.findByRole('list', { name: 'Clients' });
type User = ReturnType<typeof userEvent.setup>;
const nina = { name: 'Nina New', email: 'nina@example.com', password: 'a new client passphrase' };

/** Opens the add form and types a client into it (the submit is the test's). */
async function fillNewClient(user: User, client: { name: string; email: string; password: string }) {
  await user.click(screen.getByRole('button', { name: 'Add New Client' }));
  await user.type(screen.getByLabelText('Name'), client.name);
  await user.type(screen.getByLabelText('Email'), client.email);
  await user.type(screen.getByLabelText('Password'), client.password);
}

const rowOf = (list: HTMLElement, text: string) => within(list).getByText(text).closest('li')!;

describe('/admin', () => {
  it("shows 'Client Management', 'Back to Demo', a loading state and then the clients", async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Client Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Demo' })).toHaveAttribute('href', '/demo');
    expect(screen.getByText('Loading clients...')).toBeInTheDocument();
    const list = await clientList();
    expect(within(list).getByText('Carl Client')).toBeInTheDocument();
    expect(within(list).getByText('carl@example.com')).toBeInTheDocument();
  });

  it('never offers to delete the signed-in admin', async () => {
    renderAdmin();
    const list = await clientList();
    expect(within(rowOf(list, 'Ada Admin')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(rowOf(list, 'Carl Client')).getByRole('button', { name: 'Delete Carl Client' }),
    ).toBeVisible();
  });

  it("shows 'Failed to load clients' in a red banner", async () => {
    api.cutNetwork('/api/clients');
    renderAdmin();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load clients');
    expect(banner).toHaveClass('admin-banner-error');
  });

  it('opens and closes the add form, adds a Client and reloads the list', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await clientList();
    await user.click(screen.getByRole('button', { name: 'Add New Client' }));
    const form = screen.getByRole('form', { name: 'New client' });
    expect(within(form).getByLabelText('Role')).toHaveValue('Client');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New client' })).not.toBeInTheDocument();

    await fillNewClient(user, nina);
    await user.click(screen.getByRole('button', { name: 'Add Client' }));

    expect(await screen.findByText('Client added successfully')).toBeInTheDocument();
    expect(await within(await clientList()).findByText('Nina New')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New client' })).not.toBeInTheDocument();
    expect((await api.store.users.list()).at(-1)).toMatchObject({
      email: 'nina@example.com',
      role: 'Client',
    });
  });

  it("keeps the form filled and shows 'Failed to add client' with the server's reason", async () => {
    const user = userEvent.setup();
    renderAdmin();
    await clientList();
    await fillNewClient(user, {
      name: 'Carl Again',
      email: realClient.email,
      password: 'a new client passphrase',
    });
    await user.click(screen.getByRole('button', { name: 'Add Client' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Failed to add client')).toBeInTheDocument();
    expect(banner).toHaveTextContent(
      `A user with the email ${realClient.email} already exists. Use a different email address.`,
    );
    // Nothing typed is lost: the form is the one the Admin filled in.
    expect(screen.getByRole('form', { name: 'New client' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Carl Again');
    expect(screen.getByLabelText('Email')).toHaveValue(realClient.email);
    expect(screen.getByLabelText('Password')).toHaveValue('a new client passphrase');
    expect(screen.getByRole('button', { name: 'Add Client' })).toBeEnabled();
    // A refused add changes nothing: the list is not asked again.
    expect(api.requests.filter((r) => r.startsWith('GET /api/clients'))).toHaveLength(1);
  });

  it("sends one POST for a double submit, shows 'Adding...' while it is under way, then reloads once", async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Held between browser and server; then it falls through to the real server.
    api.use(
      http.post('*/api/clients', async () => {
        await held;
      }),
    );
    renderAdmin();
    await clientList();
    await fillNewClient(user, {
      name: 'Dora Double',
      email: 'dora@example.com',
      password: 'a new client passphrase',
    });
    const form = screen.getByRole('form', { name: 'New client' }) as HTMLFormElement;
    // Two submits before React renders again (the button is not disabled yet), then a click.
    act(() => {
      form.requestSubmit();
      form.requestSubmit();
    });
    const adding = await screen.findByRole('button', { name: 'Adding...' });
    expect(adding).toBeDisabled();
    await user.click(adding);
    release();

    const answer = await screen.findByText(/^(Client added successfully|Failed to add client)$/);
    expect(api.requests.filter((r) => r === 'POST /api/clients')).toHaveLength(1);
    expect(answer).toHaveTextContent('Client added successfully');
    expect(await within(await clientList()).findByText('Dora Double')).toBeInTheDocument();
    expect((await emails()).filter((e) => e === 'dora@example.com')).toHaveLength(1);
    // The list was asked again once (spec §4), the session not at all.
    expect(api.requests.filter((r) => r.startsWith('GET /api/clients'))).toHaveLength(2);
    expect(api.requests.filter((r) => r === 'GET /api/session')).toHaveLength(1);
  });

  it('says both when a client is added but the list cannot be reloaded', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await clientList();
    api.use(http.get('*/api/clients', () => HttpResponse.error()));
    await fillNewClient(user, nina);
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Client added successfully')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load clients');
    expect(await emails()).toContain('nina@example.com');
    // The list shown stays as it was loaded.
    expect(within(await clientList()).queryByText('Nina New')).toBeNull();
  });

  it('deletes a client after the browser confirmation and reloads the list', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin();
    const list = await clientList();
    await user.click(within(rowOf(list, 'Carl Client')).getByRole('button', { name: 'Delete Carl Client' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this client?');
    expect(await screen.findByText('Client deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Carl Client')).not.toBeInTheDocument());
    expect(await emails()).toEqual([realAdmin.email]);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin();
    const list = await clientList();
    await user.click(within(rowOf(list, 'Carl Client')).getByRole('button', { name: 'Delete Carl Client' }));
    await delay(20);
    expect(api.requests.filter((r) => r.startsWith('DELETE'))).toEqual([]);
    expect(await emails()).toEqual([realAdmin.email, realClient.email]);
    expect(screen.queryByText('Client deleted successfully')).not.toBeInTheDocument();
  });

  it("shows 'Failed to delete client' when the server refuses", async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin();
    const list = await clientList();
    api.cutNetwork('/api/clients/*');
    await user.click(within(rowOf(list, 'Carl Client')).getByRole('button', { name: 'Delete Carl Client' }));
    expect(within(await screen.findByRole('alert')).getByText('Failed to delete client')).toBeInTheDocument();
    expect(await emails()).toEqual([realAdmin.email, realClient.email]);
  });

  // 230 clients written one by one, then every page read: a minute for a loaded 2-core machine.
  it('reads every page of a long client list', async () => {
    // Straight into the store: nobody signs in as these.
    for (let i = 0; i < 230; i++) {
      await api.store.users.create({ name: `Many ${i}`, email: `m${i}@x.com`, password: 'not-a-hash' });
    }
    const user = userEvent.setup();
    renderAdmin();
    const list = await clientList();
    // A page at a time (25), with Load more.
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Load more clients' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(50));
    // A search covers every client, loaded or not.
    await user.click(screen.getByRole('searchbox', { name: 'Search by name or email' }));
    await user.paste('many 229');
    // The list element is rendered anew once every page is in: look it up again.
    expect(await screen.findByText('Many 229')).toBeInTheDocument();
    expect(within(await clientList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 found')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name or email' }));
    expect(within(await clientList()).getAllByRole('listitem')).toHaveLength(232);
    expect(screen.queryByRole('button', { name: 'Load more clients' })).toBeNull();
  }, 60_000);

  it('shows each role and searches by email too', async () => {
    const user = userEvent.setup();
    renderAdmin();
    const list = await clientList();
    expect(rowOf(list, 'Ada Admin')).toHaveTextContent('Role: Admin');
    expect(rowOf(list, 'Carl Client')).toHaveTextContent('Role: Client');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'CARL@');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name or email' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'nobody');
    expect(screen.getByText('No client matches “nobody”')).toBeInTheDocument();
  });

  it("sets a client's password: the server's refusal is shown, then a good one is stored", async () => {
    const user = userEvent.setup();
    renderAdmin();
    const list = await clientList();
    await user.click(
      within(rowOf(list, 'Carl Client')).getByRole('button', { name: 'Set password for Carl Client' }),
    );
    const form = screen.getByRole('form', { name: 'New password for Carl Client' });
    const input = within(form).getByLabelText('New password');
    // minLength stops the browser's own submit; the server's rule is the one that counts.
    input.removeAttribute('minlength');
    await user.type(input, 'short');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to set the password')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Use at least 12 characters');
    expect(input).toHaveValue('short');
    await user.clear(input);
    await user.type(input, 'a much longer passphrase');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('Password updated. The client was signed out everywhere.'),
    ).toBeInTheDocument();
    await api.signIn({ email: realClient.email, password: 'a much longer passphrase' });
    expect(screen.queryByRole('form', { name: 'New password for Carl Client' })).not.toBeInTheDocument();
  });

  it('sends a Client session back to /demo (with a note), not to the login form', async () => {
    await api.signIn(realClient);
    const router = renderAdmin();
    expect(await screen.findByText('Demo page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: '/admin' });
  });
});
