import { apiRequest } from '../../shared/session/index.ts';

/** One row of the client list (spec §7: Name, Email, Role). */
export interface ClientRecord {
  id: string;
  name: string;
  email: string;
  role?: string;
}

export interface NewClient {
  name: string;
  email: string;
  password: string;
}

function toClientRecord(value: unknown): ClientRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' && typeof v.id !== 'number') return undefined;
  return {
    id: String(v.id),
    name: typeof v.name === 'string' ? v.name : '',
    email: typeof v.email === 'string' ? v.email : '',
    role: typeof v.role === 'string' ? v.role : undefined,
  };
}

/** Pages the screen reads at most (100 clients each), so a runaway cursor cannot loop forever. */
const MAX_PAGES = 100;

/**
 * `GET /api/clients?limit=100&after=…` → `{ clients: [...], next? }`, page after page (a bare
 * array is accepted too); each response stays small however many clients there are.
 */
export async function listClients(): Promise<ClientRecord[]> {
  const all: ClientRecord[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = `?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const payload = await apiRequest<unknown>(`/api/clients${query}`);
    const body = payload as { clients?: unknown; next?: unknown } | undefined;
    const rows = Array.isArray(payload) ? payload : body?.clients;
    if (!Array.isArray(rows)) throw new Error('The server sent an unexpected client list');
    all.push(...rows.map(toClientRecord).filter((row) => row !== undefined));
    after = !Array.isArray(payload) && typeof body?.next === 'string' ? body.next : undefined;
    if (!after) break;
  }
  return all;
}

/** `POST /api/clients`; the server always stores Role 'Client'. */
export async function addClient(client: NewClient): Promise<void> {
  await apiRequest('/api/clients', { method: 'POST', body: client });
}

export async function deleteClient(id: string): Promise<void> {
  await apiRequest(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `PUT /api/clients/:id/password`: an Admin sets a new password; the client's sessions end. */
export async function setClientPassword(id: string, password: string): Promise<void> {
  await apiRequest(`/api/clients/${encodeURIComponent(id)}/password`, { method: 'PUT', body: { password } });
}
