// The order `npm run test:unit` hands its files to the workers, from a committed table of each
// file's seconds (scripts/unit-durations.json), so a fresh clone (no Vitest results cache)
// starts the long, wait-bound files at once and ends on short ones instead of waiting on a long
// file that happened to start last.

/** One test file as the sequencer sees it. */
export interface UnitFile {
  /** Path relative to the repository root, as the duration table keys it. */
  file: string;
  /** The Vitest project that runs it. */
  project: string;
}

/** Seconds each file's tests took, by path relative to the repository root. */
export type DurationTable = Readonly<Record<string, number>>;

/**
 * Files ordered for the pool: a project's files stay together, because a shared
 * (`isolate: false`) worker goes on to the next queued file only when it is of the same project
 * (otherwise Vitest stops it and starts a fresh one, which loads every module again). Projects go
 * longest first (their files' seconds summed), and within a project files go longest first.
 * Files the table does not know go first (in their project, and their project first): a new
 * file may be long, and one unknown file at the end could set the wall.
 */
export function orderByDuration<F extends UnitFile>(files: readonly F[], table: DurationTable): F[] {
  const known = (f: UnitFile) => Object.hasOwn(table, f.file);
  const seconds = (f: UnitFile) => (known(f) ? (table[f.file] ?? 0) : Number.POSITIVE_INFINITY);
  const projectSeconds = new Map<string, number>();
  for (const f of files) projectSeconds.set(f.project, (projectSeconds.get(f.project) ?? 0) + seconds(f));
  return [...files].sort(
    (a, b) =>
      descending(projectSeconds.get(a.project) ?? 0, projectSeconds.get(b.project) ?? 0) ||
      (a.project < b.project ? -1 : a.project > b.project ? 1 : 0) ||
      descending(seconds(a), seconds(b)) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
  );
}

/** Longest first; two unknown (infinite) files tie. */
function descending(a: number, b: number): number {
  return a === b ? 0 : b > a ? 1 : -1;
}
