import type { AttemptStore, CallReportStore } from '@voxdesk/auth';
import { createWebhookHandler } from '@voxdesk/sdk/webhooks';
import { Hono } from 'hono';
import { toCallReport } from '../call-report.ts';
import { addressBucket } from '../address-bucket.ts';
import { clientIp } from '../client-info.ts';
import type { Logger } from '../request-log.ts';
import { AttemptLimit, type ThrottleRule } from '../throttle.ts';

/** An end-of-call report with its full artifact (messages, logs) stays far below this. */
export const VAPI_EVENTS_MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Per sending address: Vapi sends a few messages per second per live call at most. */
export const DEFAULT_VAPI_EVENTS_RATE: ThrottleRule = { limit: 600, windowMs: 60_000 };

export const VAPI_EVENTS_NOT_CONFIGURED =
  'Vapi events are not configured on this server: set VAPI_WEBHOOK_SECRET to the secret of the server URL credential in Vapi (docs/webhooks.md).';
export const VAPI_EVENTS_TOO_MANY = 'Too many Vapi event deliveries from this address. Try again later.';
const NO_ASSISTANTS =
  'This server URL (the Voxdesk site) only records demo calls: give the phone number or call an assistant.';
const NO_TRANSFERS = 'This server URL (the Voxdesk site) has no transfer destinations.';

export interface VapiEventsOptions {
  /** VAPI_WEBHOOK_SECRET; unset: every delivery answers 503 with what to set. */
  secret?: string;
  /** The demo's assistants (VAPI_ASSISTANT_ID and the per-receptionist ids): only their reports are stored; empty or unset: every verified report. */
  assistantIds?: readonly string[];
  reports: CallReportStore;
  /** Verifies the call's signed attribution (the session secret): only then is a report tied to a client. */
  attributionSecret: string;
  /** The store's atomic counters, for the per-address rate limit. */
  attempts: AttemptStore;
  trustProxy: boolean;
  log: Logger;
  now: () => number;
  rate?: ThrottleRule;
}

/**
 * POST /api/vapi/events: Vapi's server URL for the demo assistant. Server to server, so no
 * session or origin check (app.ts mounts it before them); the SDK's handler verifies the raw
 * body and answers each message type, and end-of-call reports are stored (once per call id)
 * before the 200, so a store failure is a 500 Vapi can retry.
 */
export function vapiEventRoutes(options: VapiEventsOptions) {
  const { reports, attempts, log, now, assistantIds = [] } = options;
  const perAddress = new AttemptLimit(attempts, options.rate ?? DEFAULT_VAPI_EVENTS_RATE, now);
  const handle =
    options.secret === undefined
      ? undefined
      : createWebhookHandler({
          secret: options.secret,
          maxBodyBytes: VAPI_EVENTS_MAX_BODY_BYTES,
          awaitNotifications: true,
          // No tools here: each tool call gets an error naming that, not a silent timeout.
          tools: {},
          onError: (error) =>
            log({
              level: 'warn',
              msg: `vapi event refused or failed: ${(error as Error)?.message ?? String(error)}`,
            }),
          on: {
            'end-of-call-report': async (message) => {
              const report = toCallReport(message, now(), options.attributionSecret);
              if (!report)
                return log({ level: 'warn', msg: 'vapi end-of-call-report without a call id: ignored' });
              if (assistantIds.length > 0 && !assistantIds.includes(report.assistantId ?? '')) return;
              const stored = await reports.saveCallReport(report);
              log({
                level: 'info',
                msg: stored ? 'demo call report stored' : 'demo call report already stored',
                callId: report.callId,
              });
            },
            'assistant-request': () => ({ error: NO_ASSISTANTS }),
            'transfer-destination-request': () => ({ error: NO_TRANSFERS }),
            'knowledge-base-request': () => ({ documents: [] }),
          },
        });

  return new Hono().post('/', async (c) => {
    if (!handle) return c.json({ error: VAPI_EVENTS_NOT_CONFIGURED }, 503);
    // Only failed verifications count: unsigned junk from an address Vapi shares must not
    // block Vapi's genuine deliveries. A blocked address is refused before any verifying.
    const key = `vapi-events:${addressBucket(clientIp(c, options.trustProxy))}`;
    const limit = await perAddress.check(key);
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return c.json({ error: VAPI_EVENTS_TOO_MANY }, 429);
    }
    const response = await handle(c.req.raw);
    if (response.status === 401) await perAddress.hit(key);
    return response;
  });
}
