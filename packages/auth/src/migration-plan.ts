/**
 * The one migrations runner, for both stores (SQLite's `migrate`, Postgres's `migratePostgres`).
 * A database newer than this code is refused rather than used with a schema the code does not
 * know.
 */
export function pendingVersions(current: number, latest: number): number[] {
  if (current > latest) {
    throw new Error(
      `The database schema (version ${current}) is newer than this Voxdesk (version ${latest}). Upgrade Voxdesk.`,
    );
  }
  return Array.from({ length: latest - current }, (_, i) => current + 1 + i);
}

/** Runs one migration and records its version, in the store's own transaction. */
export type ApplyMigration<M, R extends void | Promise<void>> = (migration: M, version: number) => R;

/**
 * Applies `migrations[current]` onwards in order through `apply`; returns the versions applied.
 * `apply` may be synchronous (SQLite, at open, stays synchronous) or return a promise
 * (Postgres): then each migration starts only once the one before it has finished, and the
 * first failure stops the run.
 */
// The promise overload first: an async `apply` is also assignable to one returning void.
export function runMigrations<M>(
  current: number,
  migrations: readonly M[],
  apply: ApplyMigration<M, Promise<void>>,
): Promise<number[]>;
export function runMigrations<M>(
  current: number,
  migrations: readonly M[],
  apply: ApplyMigration<M, void>,
): number[];
export function runMigrations<M>(
  current: number,
  migrations: readonly M[],
  apply: ApplyMigration<M, void | Promise<void>>,
): number[] | Promise<number[]> {
  const versions = pendingVersions(current, migrations.length);
  const from = (index: number): number[] | Promise<number[]> => {
    const version = versions[index];
    if (version === undefined) return versions;
    // why: pendingVersions yields versions from 1 to migrations.length.
    const done = apply(migrations[version - 1]!, version);
    return done instanceof Promise ? done.then(() => from(index + 1)) : from(index + 1);
  };
  return from(0);
}
