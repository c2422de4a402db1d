/**
 * The one plan both migration runners follow (SQLite's `migrate`, Postgres's
 * `migratePostgres`): the versions still to apply, in order, after `current`. A database newer
 * than this code is refused rather than used with a schema the code does not know.
 */
export function pendingVersions(current: number, latest: number): number[] {
  if (current > latest) {
    throw new Error(
      `The database schema (version ${current}) is newer than this Voxdesk (version ${latest}). Upgrade Voxdesk.`,
    );
  }
  return Array.from({ length: latest - current }, (_, i) => current + 1 + i);
}
