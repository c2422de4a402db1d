import type { RouteHandle } from '../../shared/route-handle.ts';
import { RequireSession, SessionCheckPending, sessionLoader } from '../../shared/session/index.ts';
import { DemoPage } from './DemoPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Live Voice Demo' };

/** Any signed-in user; the session is checked before the page renders. */
export const loader = sessionLoader();
export const HydrateFallback = SessionCheckPending;

export function Component() {
  return (
    <RequireSession>
      <DemoPage />
    </RequireSession>
  );
}
