import type { RouteHandle } from '../../shared/route-handle.ts';
import { RequireSession, SessionCheckPending } from '../../shared/session/index.ts';
import { demoLoader } from './demo-loader.ts';
import { DemoPage } from './DemoPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Live Voice Demo' };

/** Any signed-in user; the session is checked before the page renders, then the demo's setup starts loading. */
export const loader = demoLoader;
export const HydrateFallback = SessionCheckPending;

export function Component() {
  return (
    <RequireSession>
      <DemoPage />
    </RequireSession>
  );
}
