import type { RouteHandle } from '../../shared/route-handle.ts';
import { RequireSession } from '../../shared/session/index.ts';
import { AdminPage } from './AdminPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Client Management' };

export function Component() {
  return (
    <RequireSession role="Admin">
      <AdminPage />
    </RequireSession>
  );
}
