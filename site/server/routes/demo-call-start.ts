import type { CallReportStore } from '@voxdesk/auth';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiErrorBody, DemoCallStart, PreviewReportStored } from '../../contract/api-types.ts';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import {
  ATTRIBUTION_METADATA_KEY,
  ATTRIBUTION_TTL_MS,
  signAttribution,
  verifyAttribution,
} from '../call-attribution.ts';
import { jsonInput } from '../route-input.ts';
import { AttemptLimit } from '../throttle.ts';
import { RECEPTIONISTS } from './config.ts';

export interface DemoCallStartOptions {
  /** Signs attributions (the session secret). */
  secret: string;
  reports: CallReportStore;
  now: () => number;
  /** Calls (live or preview) one client may start per day. */
  callsPerDay: number;
  /** The assistant override every live call starts with. */
  maxCallSeconds: number;
}

export const DEFAULT_DEMO_CALLS_PER_DAY = 10;
export const DEFAULT_DEMO_CALL_MAX_SECONDS = 300;
const DAY_MS = 24 * 60 * 60_000;
/** A preview's transcript is the sample dialogue: a few hundred words at most. */
const MAX_PREVIEW_TRANSCRIPT = 8_000;

export const dailyCapReached = (perDay: number) =>
  `You have made ${perDay} demo calls today, the most one account may make in a day. Try again tomorrow, or book a call with us.`;
export const ATTRIBUTION_REFUSED = 'This preview call was not started from this account. Start it again.';

const startSchema = z.object({
  receptionist: z.enum(RECEPTIONISTS, { error: `receptionist must be one of ${RECEPTIONISTS.join(', ')}` }),
  preview: z.boolean({ error: 'preview must be true or false' }),
});

const previewReportSchema = z.object({
  attribution: z.string({ error: 'attribution is required' }).min(1).max(1024),
  durationSeconds: z
    .number({ error: 'durationSeconds must be a number' })
    .min(0)
    .max(24 * 3600),
  transcript: z.string({ error: 'transcript must be text' }).max(MAX_PREVIEW_TRANSCRIPT),
});

/**
 * POST /api/demo/calls (signed in): counts a call against the client's daily cap and answers
 * the metadata it must carry (a signed attribution) and the longest it may last (an assistant
 * override). POST /api/demo/calls/preview-report: a finished preview call, stored as a call
 * report marked as a preview, attributed only through its verified attribution.
 */
export function demoCallStartRoutes(deps: ApiDeps, options: DemoCallStartOptions) {
  const { secret, reports, now } = options;
  const perClient = new AttemptLimit(
    deps.accounts.store.attempts,
    { limit: options.callsPerDay, windowMs: DAY_MS },
    now,
  );
  return new Hono<ApiEnv>()
    .use(requireUser(deps))
    .post('/', jsonInput(startSchema), async (c) => {
      const user = c.get('user');
      const { receptionist, preview } = c.req.valid('json');
      const limit = await perClient.hit(`demo-calls:${user.id}`);
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds));
        return c.json<ApiErrorBody, 429>({ error: dailyCapReached(options.callsPerDay) }, 429);
      }
      const attribution = signAttribution(secret, {
        clientId: user.id,
        receptionist,
        preview,
        expiresAt: now() + ATTRIBUTION_TTL_MS,
      });
      return c.json<DemoCallStart, 201>(
        {
          attribution,
          metadata: { [ATTRIBUTION_METADATA_KEY]: attribution, clientId: user.id, receptionist },
          maxDurationSeconds: options.maxCallSeconds,
        },
        201,
      );
    })
    .post('/preview-report', jsonInput(previewReportSchema), async (c) => {
      const user = c.get('user');
      const body = c.req.valid('json');
      const at = now();
      // Checked at the start of the preview: it may have played for minutes since.
      const started = at - body.durationSeconds * 1000;
      const attribution = verifyAttribution(secret, body.attribution, started);
      if (!attribution || !attribution.preview || attribution.clientId !== user.id)
        return c.json<ApiErrorBody, 400>({ error: ATTRIBUTION_REFUSED, field: 'attribution' }, 400);
      // One report per attribution: a repeated post stores nothing more.
      const callId = `preview-${body.attribution.slice(-22)}`;
      const stored = await reports.saveCallReport({
        callId,
        assistantId: null,
        startedAt: new Date(started).toISOString(),
        endedAt: new Date(at).toISOString(),
        durationSeconds: Math.round(body.durationSeconds),
        endedReason: 'preview',
        cost: null,
        summary: null,
        transcript: body.transcript,
        recordingUrl: null,
        clientId: attribution.clientId,
        receptionist: attribution.receptionist,
        preview: true,
        receivedAt: at,
      });
      return c.json<PreviewReportStored, 201>({ stored }, 201);
    });
}
