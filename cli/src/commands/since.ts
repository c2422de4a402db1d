import { UsageError } from '../errors.ts';

/** `--since 10m | 2h | 1d | 2026-11-23T04:00:00Z` → an ISO instant. */
export function sinceInstant(value: string, now: Date): string {
  const relative = /^(\d+)(s|m|h|d)$/.exec(value.trim());
  if (relative) {
    const seconds = Number(relative[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[relative[2] as 's'];
    return new Date(now.getTime() - seconds * 1000).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)))
    return new Date(value).toISOString();
  throw new UsageError(`--since takes a duration (30s, 10m, 2h, 1d) or an ISO time, not "${value}"`);
}
