// The throttle counters' size bound (issue 26 M6): a spray from ever new addresses adds a row
// per address, so the table has a fixed capacity and, when full, gives up first the rows that
// protect nobody. Both SQL stores sweep with these figures and this order.

/** Rows the `attempts` table holds at most (about 100 bytes each with the key's index). */
export const DEFAULT_MAX_ATTEMPT_ROWS = 100_000;

/** Hits between two looks at the table's size: one instance never passes the cap. */
export const ATTEMPT_SWEEP_EVERY = 64;

/**
 * Room a look keeps free: the hits until the next look, plus hits already past their look but
 * not yet written on other pool connections (a pool is far smaller than ATTEMPT_SWEEP_EVERY).
 * With one sweep's worth only, 8 connections at once passed a cap of 500 by 2 rows.
 */
export const ATTEMPT_SWEEP_ROOM = 2 * ATTEMPT_SWEEP_EVERY;

/** Hits between two deletions of expired rows (while the table is under its cap). */
export const ATTEMPT_PRUNE_EVERY = 1_000;

/**
 * Keys that are a memory rather than a count of guesses, evicted only after every other live
 * row: an address that logged in to an account (it spares its owner the account's delay) and a
 * spent lead-form token (evicted, it could be posted again). Neither can be made without a right
 * password or a signed token, so a spray of new addresses cannot push them out.
 */
export const LASTING_ATTEMPT_PREFIXES = ['known:', 'form-token:'] as const;

/**
 * How many rows a sweep deletes: none while the table has room for the hits until the next
 * sweep; otherwise down to 90 % of the cap, so a flood sweeps once per tenth of the cap, not at
 * every look.
 */
export function attemptRowsToEvict(rows: number, maxRows: number): number {
  if (rows + ATTEMPT_SWEEP_ROOM <= maxRows) return 0;
  const target = Math.max(0, Math.min(Math.floor(maxRows * 0.9), maxRows - ATTEMPT_SWEEP_ROOM));
  return rows - target;
}

/**
 * The eviction order as SQL (both dialects), given the SQL text of the `now` parameter: expired
 * rows first, then counters by count (a spray's one-hit rows before an attacker's blocked pair
 * near its limit), the oldest window first; the lasting rows last, the oldest first.
 */
export function attemptEvictionOrder(now: string): string {
  const lasting = LASTING_ATTEMPT_PREFIXES.map((prefix) => `key LIKE '${prefix}%'`).join(' OR ');
  return `CASE WHEN reset_at <= ${now} THEN 0 WHEN ${lasting} THEN 2 ELSE 1 END, count, reset_at`;
}

/** Checks a configured cap: it must leave room for one sweep's worth of new rows. */
export function checkMaxAttemptRows(maxRows: number): number {
  if (!Number.isInteger(maxRows) || maxRows < ATTEMPT_SWEEP_ROOM * 2) {
    throw new RangeError(
      `The attempts table's cap must be a whole number of at least ${ATTEMPT_SWEEP_ROOM * 2} rows (got ${maxRows}).`,
    );
  }
  return maxRows;
}
