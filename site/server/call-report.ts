import type { CallReportRecord } from '@voxdesk/auth';
import type { ServerMessageEndOfCallReport } from '@voxdesk/sdk/webhooks';

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
 * What the site keeps of an `end-of-call-report`; undefined without a call id (nothing to key
 * it by). Fields are read defensively: the OpenAPI schema leaves `durationSeconds` out though
 * Vapi sends it, and older messages carry `summary` / `transcript` at the top level.
 */
export function toCallReport(
  message: ServerMessageEndOfCallReport,
  receivedAt: number,
): CallReportRecord | undefined {
  const loose = message as ServerMessageEndOfCallReport & Record<string, unknown>;
  const call = (message.call ?? {}) as Record<string, unknown>;
  const callId = text(call.id);
  if (!callId) return undefined;
  const startedAt = text(loose.startedAt) ?? text(call.startedAt);
  const endedAt = text(loose.endedAt) ?? text(call.endedAt);
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
    receivedAt,
  };
}
