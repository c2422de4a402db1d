// `npm run test:durations`: refreshes scripts/unit-durations.json (the order the unit tests start
// in, scripts/unit-sequencer.ts) from the report the last `npm test` wrote. Files the report
// timed get its seconds; files it did not run (a run of one project) keep theirs; files that no
// longer exist are dropped. Commit the table when a file's place in the order changed much.
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DurationTable } from './unit-order.ts';
import { DURATIONS_FILE } from './unit-sequencer.ts';
import { readReport, vitestFileTimes, type FileTime, type VitestReport } from './test-timings.ts';

/** The new table: measured seconds over the old ones, without files gone from the tree. */
export function refreshedTable(
  old: DurationTable,
  measured: readonly FileTime[],
  exists: (file: string) => boolean,
): DurationTable {
  const merged = new Map(Object.entries(old));
  for (const { file, seconds } of measured) merged.set(file, Math.round(seconds * 10) / 10);
  const kept = [...merged].filter(([file]) => exists(file)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(kept);
}

if (import.meta.main) {
  const reportPath = process.argv[2] ?? 'reports/unit-timings.json';
  const report = readReport<VitestReport>(reportPath);
  if (!report) {
    process.stderr.write(`No unit report at ${reportPath}: run \`npm test\` first.\n`);
    process.exit(1);
  }
  const root = process.cwd();
  const tablePath = fileURLToPath(DURATIONS_FILE);
  const old = (readReport<DurationTable>(tablePath) ?? {}) as DurationTable;
  const table = refreshedTable(old, vitestFileTimes(report, root), (file) => existsSync(resolve(root, file)));
  writeFileSync(tablePath, `${JSON.stringify(table, null, 2)}\n`);
  process.stdout.write(`${tablePath}: ${Object.keys(table).length} files\n`);
}
