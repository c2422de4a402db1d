import type { RouteHandle } from '../../shared/route-handle.ts';
import { RequireSession, SessionCheckPending } from '../../shared/session/index.ts';
import { adminLoader, adminShouldRevalidate } from './admin-loader.ts';
import { AdminPage } from './AdminPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Client Management' };

/**
 * Admins only: the session is checked before the page renders, then its first data starts
 * loading. Its tabs are nested routes (src/app/routes.tsx): clients.route.tsx, leads.route.tsx.
 */
export const loader = adminLoader;
export const shouldRevalidate = adminShouldRevalidate;
export const HydrateFallback = SessionCheckPending;

export function Component() {
  return (
    <RequireSession>
      <AdminPage />
    </RequireSession>
  );
}
