import type { RouteHandle } from '../../shared/route-handle.ts';
import { RequireSession, SessionCheckPending, sessionLoader } from '../../shared/session/index.ts';
import { AdminPage } from './AdminPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Client Management' };

/** Admins only; the session is checked before the page renders. */
export const loader = sessionLoader('Admin');
export const HydrateFallback = SessionCheckPending;

export function Component() {
  return (
    <RequireSession>
      <AdminPage />
    </RequireSession>
  );
}
