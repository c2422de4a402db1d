import type { LoaderFunction } from 'react-router';
import type { Settled } from '../../../shared/settle.ts';
import { loadAdminData } from '../admin-loader.ts';
import { listClientsPage, type ClientPage } from './clients-api.ts';

/** The Clients tab's loader data: the first page of `GET /api/clients`, under way. */
export interface ClientsData {
  firstClients: Promise<Settled<ClientPage>>;
}

/** /admin (the Clients tab): the first page of clients; again after every change (`clientsShouldRevalidate`). */
export const clientsLoader: LoaderFunction = (): ClientsData => ({
  firstClients: loadAdminData(() => listClientsPage()),
});
