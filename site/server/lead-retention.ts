import type { LeadStore } from '@voxdesk/auth';
import type { Logger } from './request-log.ts';

const DAY_MS = 24 * 60 * 60_000;
/** How often old leads are looked for; a lead outlives its retention by at most this. */
export const RETENTION_SWEEP_MS = 6 * 60 * 60_000;

/** Deletes the leads older than `days`; logs how many. The privacy policy promises this. */
export async function deleteExpiredLeads(
  leads: LeadStore,
  days: number,
  options: { now: number; log: Logger },
): Promise<number> {
  const deleted = await leads.deleteLeadsCreatedBefore(options.now - days * DAY_MS);
  if (deleted > 0) {
    options.log({ level: 'info', msg: `lead retention: deleted ${deleted} lead(s) older than ${days} days` });
  }
  return deleted;
}

/** Runs the retention at start and then every six hours; returns a stop function. */
export function scheduleLeadRetention(
  leads: LeadStore,
  days: number,
  options: { log: Logger; now?: () => number; everyMs?: number },
): () => void {
  const now = options.now ?? Date.now;
  const sweep = () =>
    void deleteExpiredLeads(leads, days, { now: now(), log: options.log }).catch((error: unknown) =>
      options.log({
        level: 'warn',
        msg: `lead retention could not delete old leads (tried again later): ${String((error as Error)?.message ?? error)}`,
      }),
    );
  sweep();
  const timer = setInterval(sweep, options.everyMs ?? RETENTION_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
