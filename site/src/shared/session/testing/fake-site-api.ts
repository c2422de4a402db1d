import { http, HttpResponse, type HttpHandler } from 'msw';
import type { SessionUser } from '../session-user.ts';

/**
 * A test double of the site server's `/api/*` (the contract of issue 4) for component
 * tests under msw: the session is a cookie-like flag, clients need an Admin (401 / 403),
 * a taken email answers 409, errors are `{ error }` bodies. Tests tweak its state or
 * override a route with `server.use(...)` for failures.
 */
export interface StoredUser extends SessionUser {
  password: string;
}

/** The server's rule for new passwords (the real list of common ones is the server's). */
const weak = (password: unknown) =>
  typeof password !== 'string' || password.length < 12
    ? 'Use at least 12 characters for the password (a few unrelated words work well).'
    : undefined;

export interface FakeSiteState {
  users: StoredUser[];
  /** The user whose session cookie the browser holds, if any. */
  sessionUserId: string | undefined;
  config: { vapiPublicKey?: string; vapiAssistantId?: string };
  nextId: number;
}

export const adminUser: StoredUser = {
  id: 'usr_admin',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'Admin',
  password: 'admin-pass',
};

export const clientUser: StoredUser = {
  id: 'usr_client',
  name: 'Carl Client',
  email: 'carl@example.com',
  role: 'Client',
  password: 'client-pass',
};

export function createFakeSiteState(overrides: Partial<FakeSiteState> = {}): FakeSiteState {
  return {
    users: [{ ...adminUser }, { ...clientUser }],
    sessionUserId: undefined,
    config: { vapiPublicKey: 'pk_test', vapiAssistantId: 'asst_demo' },
    nextId: 1,
    ...overrides,
  };
}

const publicUser = ({ id, name, email, role, mustChangePassword }: StoredUser): SessionUser =>
  mustChangePassword ? { id, name, email, role, mustChangePassword } : { id, name, email, role };
const error = (status: number, message: string) => HttpResponse.json({ error: message }, { status });

export function fakeSiteHandlers(state: FakeSiteState): HttpHandler[] {
  const current = () => state.users.find((user) => user.id === state.sessionUserId);
  const requireAdmin = () => {
    const user = current();
    if (!user) return error(401, 'Not logged in');
    if (user.role !== 'Admin') return error(403, 'Admins only');
    return undefined;
  };

  return [
    http.post('*/api/session', async ({ request }) => {
      const body = (await request.json().catch(() => null)) as { email?: unknown; password?: unknown } | null;
      if (typeof body?.email !== 'string' || typeof body.password !== 'string') {
        return error(400, 'email: Invalid input: expected string');
      }
      const user = state.users.find((u) => u.email === body.email);
      if (!user) return error(401, 'User not found');
      if (user.password !== body.password) return error(401, 'Invalid password');
      state.sessionUserId = user.id;
      return HttpResponse.json({ user: publicUser(user) });
    }),
    http.get('*/api/session', () => {
      const user = current();
      return user ? HttpResponse.json({ user: publicUser(user) }) : error(401, 'Not logged in');
    }),
    http.delete('*/api/session', () => {
      state.sessionUserId = undefined;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/config', () => HttpResponse.json(state.config)),
    http.post('*/api/session/password', async ({ request }) => {
      const user = current();
      if (!user) return error(401, 'Not logged in');
      const body = (await request.json()) as { currentPassword?: unknown; newPassword?: unknown };
      if (body.currentPassword !== user.password) return error(400, 'The current password is not correct.');
      const problem = weak(body.newPassword);
      if (problem) return error(400, problem);
      user.password = body.newPassword as string;
      delete user.mustChangePassword;
      return HttpResponse.json({ user: publicUser(user) });
    }),
    // Paged like the server: `?limit=&after=` → `{ clients, next? }` (the cursor here is an index).
    http.get('*/api/clients', ({ request }) => {
      const refused = requireAdmin();
      if (refused) return refused;
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const start = Number(url.searchParams.get('after') ?? 0);
      const clients = state.users.slice(start, start + limit).map(publicUser);
      const more = start + limit < state.users.length;
      return HttpResponse.json(more ? { clients, next: String(start + limit) } : { clients });
    }),
    http.put('*/api/clients/:id/password', async ({ params, request }) => {
      const refused = requireAdmin();
      if (refused) return refused;
      const user = state.users.find((u) => u.id === params.id);
      if (!user) return error(404, 'Client not found');
      const body = (await request.json()) as { password?: unknown };
      const problem = weak(body.password);
      if (problem) return error(400, problem);
      user.password = body.password as string;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/clients', async ({ request }) => {
      const refused = requireAdmin();
      if (refused) return refused;
      const body = (await request.json()) as { name: string; email: string; password: string };
      if (state.users.some((u) => u.email.toLowerCase() === body.email.toLowerCase())) {
        return error(409, 'A user with this email already exists');
      }
      const user: StoredUser = { id: `usr_${state.nextId++}`, role: 'Client', ...body };
      state.users.push(user);
      return HttpResponse.json({ client: publicUser(user) }, { status: 201 });
    }),
    http.delete('*/api/clients/:id', ({ params }) => {
      const refused = requireAdmin();
      if (refused) return refused;
      const index = state.users.findIndex((u) => u.id === params.id);
      if (index === -1) return error(404, 'Client not found');
      state.users.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
