import { Hono } from 'hono';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';

/** One row of the admin screen's "Recent demo calls" panel. */
export interface DemoCall {
  id: string;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  cost: number | null;
  transcript: string;
}

export interface DemoCallsSource {
  recent(): Promise<DemoCall[]>;
}

export const DEMO_CALLS_NOT_CONFIGURED = 'Demo call history is not configured';

/** GET /api/admin/demo-calls (Admin only): the demo assistant's latest calls. */
export function demoCallRoutes(deps: ApiDeps, source: DemoCallsSource | undefined) {
  return new Hono<ApiEnv>().use(requireUser(deps, 'Admin')).get('/', async (c) => {
    if (!source) return c.json({ error: DEMO_CALLS_NOT_CONFIGURED }, 404);
    try {
      return c.json({ calls: await source.recent() });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return c.json({ error: `Could not load demo calls from Vapi: ${detail}` }, 502);
    }
  });
}
