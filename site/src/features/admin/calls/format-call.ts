/** Display helpers for the 'Recent demo calls' panel. */
import { formatDateTime } from '../../../../common/date-time.ts';

/** A call's time, in the Admin's own zone, the same way every admin table shows dates. */
export function formatWhen(iso: string | null | undefined): string {
  return formatDateTime(iso);
}

export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return minutes > 0 ? `${minutes}m ${rest}s` : `${whole}s`;
}

/** Vapi reports call cost in US dollars. */
export function formatCost(cost: number | null | undefined): string {
  if (typeof cost !== 'number' || !Number.isFinite(cost)) return '—';
  return `US$${cost.toFixed(cost < 1 ? 3 : 2)}`;
}

/** `customer-ended-call` → `customer ended call`. */
export function formatEndedReason(reason: string | null | undefined): string {
  return reason ? reason.replace(/[-_.]+/g, ' ') : '—';
}
