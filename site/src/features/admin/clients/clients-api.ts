import type { ClientPage, NewClient } from '../../../../contract/api-types.ts';
import { api, call, segment } from '../../../shared/api/index.ts';

export type { ClientPage, ClientRecord, NewClient } from '../../../../contract/api-types.ts';

/** Clients per page of the list. */
const CLIENTS_PAGE_SIZE = 25;

/** `GET /api/clients?limit=…&after=…` → `{ clients: [...], next? }`. */
export async function listClientsPage(after?: string): Promise<ClientPage> {
  const page = await call(
    api.clients.$get({ query: { limit: String(CLIENTS_PAGE_SIZE), ...(after ? { after } : {}) } }),
  );
  if (!Array.isArray(page?.clients)) throw new Error('The server sent an unexpected client list');
  return page;
}

/** `POST /api/clients`; the server always stores Role 'Client'. */
export async function addClient(client: NewClient): Promise<void> {
  await call(api.clients.$post({ json: client }));
}

export async function deleteClient(id: string): Promise<void> {
  await call(api.clients[':id'].$delete({ param: { id: segment(id) } }));
}

/** `PUT /api/clients/:id/password`: an Admin sets a new password; the client's sessions end. */
export async function setClientPassword(id: string, password: string): Promise<void> {
  await call(api.clients[':id'].password.$put({ param: { id: segment(id) }, json: { password } }));
}
