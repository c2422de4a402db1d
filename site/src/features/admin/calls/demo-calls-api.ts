import type { DemoCallsPage } from '../../../../contract/api-types.ts';
import { api, ApiError, call } from '../../../shared/api/index.ts';

export type { DemoCall, DemoCallsPage } from '../../../../contract/api-types.ts';

/** Calls per page: each carries a transcript. */
export const DEMO_CALLS_PAGE_SIZE = 10;

/**
 * Whether 'Recent demo calls' has a source, from `GET /api/config` (its `admin` block, sent to
 * Admin sessions only): asked first, so an unconfigured server is never asked for the list.
 */
async function demoCallsConfigured(): Promise<boolean> {
  const config = await call(api.config.$get());
  return config?.admin?.demoCalls === true;
}

/** The panel's first page: the capability first, then the newest calls; undefined when not set up. */
export async function firstDemoCalls(): Promise<DemoCallsPage | undefined> {
  return (await demoCallsConfigured()) ? listDemoCalls() : undefined;
}

/**
 * One page of the demo's calls (one client's, with `clientId`), newest first, or undefined when the server answers
 * 404 (the history was switched off since the screen asked): the panel then says it is not set up.
 */
export async function listDemoCalls(after?: string, clientId?: string): Promise<DemoCallsPage | undefined> {
  const query = {
    limit: String(DEMO_CALLS_PAGE_SIZE),
    ...(after ? { after } : {}),
    ...(clientId ? { clientId } : {}),
  };
  try {
    const page = await call(api.admin['demo-calls'].$get({ query }));
    if (!Array.isArray(page?.calls)) throw new Error('The server sent an unexpected call list');
    return page;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
