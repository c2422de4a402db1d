import { ApiError, apiRequest } from '../../shared/session/index.ts';

/** One call of the demo assistant, as `GET /api/admin/demo-calls` lists it. */
export interface DemoCall {
  id: string;
  startedAt?: string | null;
  endedAt?: string | null;
  durationSeconds?: number | null;
  endedReason?: string | null;
  cost?: number | null;
  summary?: string | null;
  transcript?: string | null;
}

export interface DemoCallsPage {
  calls: DemoCall[];
  /** Cursor of the next (older) page. */
  next?: string;
  /** `vapi`: no end-of-call report is stored yet, so these are Vapi's latest calls. */
  source: 'reports' | 'vapi';
}

/** Calls per page: each carries a transcript. */
export const DEMO_CALLS_PAGE_SIZE = 10;

/**
 * Whether 'Recent demo calls' has a source, from `GET /api/config` (its `admin` block, sent to
 * Admin sessions only): asked first, so an unconfigured server is never asked for the list.
 */
export async function demoCallsConfigured(): Promise<boolean> {
  const config = await apiRequest<{ admin?: { demoCalls?: unknown } }>('/api/config');
  return config?.admin?.demoCalls === true;
}

/**
 * One page of the demo assistant's calls, newest first, or undefined when the server answers
 * 404 (the history was switched off since the screen asked): the panel then says it is not set up.
 */
export async function listDemoCalls(after?: string): Promise<DemoCallsPage | undefined> {
  const query = `?limit=${DEMO_CALLS_PAGE_SIZE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
  try {
    const payload = await apiRequest<{ calls?: unknown; next?: unknown; source?: unknown }>(
      `/api/admin/demo-calls${query}`,
    );
    if (!Array.isArray(payload?.calls)) throw new Error('The server sent an unexpected call list');
    return {
      calls: payload.calls as DemoCall[],
      ...(typeof payload.next === 'string' ? { next: payload.next } : {}),
      source: payload.source === 'vapi' ? 'vapi' : 'reports',
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
