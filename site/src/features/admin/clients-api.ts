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

/** `GET /api/clients` → `{ clients: [...] }` (a bare array is accepted too). */
export async function listClients(): Promise<ClientRecord[]> {
  const payload = await apiRequest<unknown>('/api/clients');
  const rows = Array.isArray(payload) ? payload : (payload as { clients?: unknown } | undefined)?.clients;
  if (!Array.isArray(rows)) throw new Error('The server sent an unexpected client list');
  return rows.map(toClientRecord).filter((row) => row !== undefined);
}

/** `POST /api/clients`; the server always stores Role 'Client'. */
export async function addClient(client: NewClient): Promise<void> {
  await apiRequest('/api/clients', { method: 'POST', body: client });
}

export async function deleteClient(id: string): Promise<void> {
  await apiRequest(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
