import { clientsAction, clientsShouldRevalidate } from './client-actions.ts';
import { clientsLoader } from './clients-loader.ts';
import { ClientsTab } from './ClientsTab.tsx';

/** /admin's index: the Clients tab, its list from the loader and its changes through the action. */
export const loader = clientsLoader;
export const action = clientsAction;
export const shouldRevalidate = clientsShouldRevalidate;
export const Component = ClientsTab;
