import { ApiError, apiRequest } from '../../shared/session/index.ts';

/** One call of the demo assistant, as `GET /api/admin/demo-calls` lists it. */
export interface DemoCall {
  id: string;
  startedAt?: string | null;
  endedAt?: string | null;
  durationSeconds?: number | null;
  endedReason?: string | null;
  cost?: number | null;
  transcript?: string | null;
}

/**
 * The demo assistant's latest calls, or undefined when the server answers 404 (no
 * `VAPI_PRIVATE_KEY` / assistant configured): the panel is then not shown at all.
 */
export async function listDemoCalls(): Promise<DemoCall[] | undefined> {
  try {
    const payload = await apiRequest<{ calls?: unknown }>('/api/admin/demo-calls');
    if (!Array.isArray(payload?.calls)) throw new Error('The server sent an unexpected call list');
    return payload.calls as DemoCall[];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
