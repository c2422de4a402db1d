import type { CallReportRecord } from '@voxdesk/auth';
import type { ServerMessageEndOfCallReport } from '@voxdesk/sdk/webhooks';
import { ATTRIBUTION_METADATA_KEY, verifyAttribution } from './call-attribution.ts';
import { callTurns } from './call-turns.ts';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** Whole seconds between two ISO instants, or null when either is missing or unreadable. */
export function secondsBetween(startedAt: string | null, endedAt: string | null): number | null {
  if (!startedAt || !endedAt) return null;
  const seconds = Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 1000);
  return Number.isNaN(seconds) ? null : Math.max(0, seconds);
}

/**
 * The signed attribution the browser started the call with: Vapi echoes the start's metadata
 * in the call (`assistantOverrides.metadata` for a web call; `metadata` when set on the call).
 */
function attributionToken(call: Record<string, unknown>): unknown {
  const overrides = call.assistantOverrides as Record<string, unknown> | undefined;
  const places = [overrides?.metadata, call.metadata] as (Record<string, unknown> | undefined)[];
  return places.map((metadata) => metadata?.[ATTRIBUTION_METADATA_KEY]).find((token) => token !== undefined);
}

/**
 * What the site keeps of an `end-of-call-report`; undefined without a call id (nothing to key
 * it by). Fields are read defensively: the OpenAPI schema leaves `durationSeconds` out though
 * Vapi sends it, and older messages carry `summary` / `transcript` at the top level.
 */
export function toCallReport(
  message: ServerMessageEndOfCallReport,
  receivedAt: number,
  attributionSecret?: string,
): CallReportRecord | undefined {
  const loose = message as ServerMessageEndOfCallReport & Record<string, unknown>;
  const call = (message.call ?? {}) as Record<string, unknown>;
  const callId = text(call.id);
  if (!callId) return undefined;
  const startedAt = text(loose.startedAt) ?? text(call.startedAt);
  const endedAt = text(loose.endedAt) ?? text(call.endedAt);
  const artifact = (loose.artifact ?? {}) as Record<string, unknown>;
  const attribution = attributionSecret
    ? verifyAttribution(
        attributionSecret,
        attributionToken(call),
        // Valid when the call started (a report comes after the call, however long it ran).
        Date.parse(startedAt ?? text(call.createdAt) ?? '') || receivedAt,
      )
    : undefined;
  // A preview attribution is for /api/demo/calls/preview-report, never for a Vapi call.
  const who = attribution && !attribution.preview ? attribution : undefined;
  const turns = callTurns(artifact.messages ?? loose.messages);
  return {
    callId,
    assistantId: text(call.assistantId),
    startedAt,
    endedAt,
    durationSeconds: number(loose.durationSeconds) ?? secondsBetween(startedAt, endedAt),
    endedReason: text(loose.endedReason),
    cost: number(loose.cost) ?? number(call.cost),
    summary: text((loose.analysis as Record<string, unknown> | undefined)?.summary) ?? text(loose.summary),
    transcript:
      text((loose.artifact as Record<string, unknown> | undefined)?.transcript) ??
      text(loose.transcript) ??
      '',
    recordingUrl:
      text(artifact.recordingUrl) ??
      text((artifact.recording as Record<string, unknown> | undefined)?.url) ??
      text(loose.recordingUrl),
    clientId: who?.clientId ?? null,
    receptionist: who?.receptionist ?? null,
    preview: false,
    ...(turns.length > 0 ? { turns } : {}),
    receivedAt,
  };
}
