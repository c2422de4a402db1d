import { clientsAction, clientsShouldRevalidate } from './clients/client-actions.ts';
import { clientsLoader } from './clients/clients-loader.ts';
import { ClientsTab } from './clients/ClientsTab.tsx';

/** /admin's index: the Clients tab, its list from the loader and its changes through the action. */
export const loader = clientsLoader;
export const action = clientsAction;
export const shouldRevalidate = clientsShouldRevalidate;
export const Component = ClientsTab;
