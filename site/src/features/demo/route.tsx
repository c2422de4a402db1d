import type { RouteHandle } from '../../shared/route-handle.ts';
import { RequireSession } from '../../shared/session/index.ts';
import { DemoPage } from './DemoPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Live Voice Demo' };

export function Component() {
  return (
    <RequireSession>
      <DemoPage />
    </RequireSession>
  );
}
