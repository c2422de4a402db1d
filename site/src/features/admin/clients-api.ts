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

/** Pages the screen reads at most when it needs every client (a search), so a runaway cursor cannot loop forever. */
const MAX_PAGES = 100;
/** Clients per page of the list. */
export const CLIENTS_PAGE_SIZE = 25;

export interface ClientPage {
  clients: ClientRecord[];
  next?: string;
}

/** `GET /api/clients?limit=…&after=…` → `{ clients: [...], next? }` (a bare array is accepted too). */
export async function listClientsPage(after?: string, limit = CLIENTS_PAGE_SIZE): Promise<ClientPage> {
  const query = `?limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
  const payload = await apiRequest<unknown>(`/api/clients${query}`);
  const body = payload as { clients?: unknown; next?: unknown } | undefined;
  const rows = Array.isArray(payload) ? payload : body?.clients;
  if (!Array.isArray(rows)) throw new Error('The server sent an unexpected client list');
  const clients = rows.map(toClientRecord).filter((row) => row !== undefined);
  const next = !Array.isArray(payload) && typeof body?.next === 'string' ? body.next : undefined;
  return next ? { clients, next } : { clients };
}

/** Every client from `after` on, page after page (100 each). */
export async function listClients(after?: string): Promise<ClientRecord[]> {
  const all: ClientRecord[] = [];
  let cursor = after;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { clients, next } = await listClientsPage(cursor, 100);
    all.push(...clients);
    cursor = next;
    if (!cursor) break;
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
