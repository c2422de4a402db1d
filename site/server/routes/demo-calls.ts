import type { CallReportRecord, CallReportStore, UserStore } from '@voxdesk/auth';
import { z } from 'zod';
import { Hono } from 'hono';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import type { ApiErrorBody, DemoCall, DemoCallsPage, ReceptionistId } from '../../contract/api-types.ts';
import { queryInput } from '../route-input.ts';
import { pageQuery } from './fields.ts';

/** The demo assistant's latest calls, looked up in Vapi (demo-calls-source.ts). */
export interface DemoCallsSource {
  recent(): Promise<DemoCall[]>;
}

export interface DemoCallsOptions {
  /** Reports stored by POST /api/vapi/events. */
  reports: CallReportStore;
  /** Whether that route is configured: then an empty store is "no calls yet", not "not configured". */
  reportsConfigured: boolean;
  /** VAPI_PRIVATE_KEY + VAPI_ASSISTANT_ID: the fallback while no report is stored. */
  vapi?: DemoCallsSource;
}

export const DEMO_CALLS_NOT_CONFIGURED = 'Demo call history is not configured';

/**
 * Whether 'Recent demo calls' has anything to show from: the webhook is set up, Vapi can be
 * asked, or reports were stored earlier. GET /api/config tells Admins, so the screen asks
 * first instead of meeting the 404 below.
 */
export async function hasDemoCallsSource(options: DemoCallsOptions): Promise<boolean> {
  if (options.reportsConfigured || options.vapi) return true;
  return (await options.reports.listCallReports({ limit: 1 })).reports.length > 0;
}

/** The calls' clients as the store has them now (a deleted client keeps only the id). */
async function clientsOf(users: UserStore, reports: CallReportRecord[]) {
  const ids = [...new Set(reports.flatMap((r) => (r.clientId ? [r.clientId] : [])))];
  const found = await Promise.all(ids.map(async (id) => [id, await users.findById(id)] as const));
  return new Map(found);
}

const fromReport = (
  r: CallReportRecord,
  clients: Map<string, { name: string; email: string } | undefined>,
): DemoCall => {
  const client = r.clientId ? clients.get(r.clientId) : undefined;
  return {
    ...baseOf(r),
    recordingUrl: r.recordingUrl ?? null,
    client: r.clientId
      ? { id: r.clientId, ...(client ? { name: client.name, email: client.email } : {}) }
      : null,
    receptionist: (r.receptionist as ReceptionistId | null | undefined) ?? null,
    preview: r.preview ?? false,
  };
};

const baseOf = (r: CallReportRecord) => ({
  id: r.callId,
  startedAt: r.startedAt,
  endedAt: r.endedAt,
  durationSeconds: r.durationSeconds,
  endedReason: r.endedReason,
  cost: r.cost,
  summary: r.summary,
  transcript: r.transcript,
});

/** `?limit=&after=&clientId=`: one client's calls when `clientId` is given. */
const demoCallsQuery = pageQuery.extend({
  clientId: z.string().trim().min(1).max(200).optional(),
});

/**
 * GET /api/admin/demo-calls?limit=&after= (Admin only): the stored end-of-call reports, newest
 * first, paged. While none is stored (webhook not set up yet, or just switched on) and a private
 * key is configured, the first page is the assistant's latest calls from Vapi instead.
 */
export function demoCallRoutes(deps: ApiDeps, options: DemoCallsOptions) {
  return new Hono<ApiEnv>()
    .use(requireUser(deps, 'Admin'))
    .get('/', queryInput(demoCallsQuery), async (c) => {
      const { limit, after, clientId } = c.req.valid('query');
      const page = await options.reports.listCallReports({
        limit,
        ...(after ? { before: after } : {}),
        ...(clientId ? { clientId } : {}),
      });
      const clients = await clientsOf(deps.accounts.store.users, page.reports);
      const stored: DemoCallsPage = {
        calls: page.reports.map((r) => fromReport(r, clients)),
        source: 'reports',
      };
      if (page.next) stored.next = page.next;
      // One client's list is always the stored reports: Vapi's fallback knows no clients.
      if (page.reports.length > 0 || after || clientId) return c.json(stored, 200);
      if (!options.vapi) {
        return options.reportsConfigured
          ? c.json(stored, 200)
          : c.json<ApiErrorBody, 404>({ error: DEMO_CALLS_NOT_CONFIGURED }, 404);
      }
      try {
        return c.json<DemoCallsPage, 200>({ calls: await options.vapi.recent(), source: 'vapi' }, 200);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return c.json<ApiErrorBody, 502>({ error: `Could not load demo calls from Vapi: ${detail}` }, 502);
      }
    });
}
