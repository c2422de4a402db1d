// Where `npm test`'s time goes: the slowest unit test files (Vitest's JSON report) and the
// slowest browser specs (Playwright's JSON report), so CI's log says what to make cheaper.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface FileTime {
  file: string;
  seconds: number;
}

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

interface PlaywrightSuite {
  file: string;
  suites?: PlaywrightSuite[];
  specs?: { tests: { results: { duration: number }[] }[] }[];
}

/** Each unit test file's time running its tests and hooks (imports excluded), from Vitest's JSON report. */
export function vitestFileTimes(report: VitestReport, root: string): FileTime[] {
  return report.testResults.map((r) => ({
    file: relative(root, r.name),
    seconds: (r.endTime - r.startTime) / 1000,
  }));
}

/** Each spec file's summed test time (every attempt), from Playwright's JSON report. */
export function playwrightFileTimes(report: { suites: PlaywrightSuite[] }): FileTime[] {
  const totals = new Map<string, number>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          totals.set(suite.file, (totals.get(suite.file) ?? 0) + result.duration / 1000);
    for (const child of suite.suites ?? []) walk({ ...child, file: child.file || suite.file });
  };
  for (const suite of report.suites) walk(suite);
  return [...totals].map(([file, seconds]) => ({ file, seconds }));
}

/** The `count` slowest, as aligned lines under a title, with the total of all. */
export function slowest(title: string, times: FileTime[], count = 10): string {
  const total = times.reduce((sum, t) => sum + t.seconds, 0);
  const top = [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const lines = top.map((t) => `${t.seconds.toFixed(1).padStart(8)} s  ${t.file}`);
  return `${title} (${times.length} files, ${total.toFixed(0)} s summed over workers):\n${lines.join('\n')}\n`;
}

/** Reads a JSON report if the step wrote one; undefined when it did not (e.g. it crashed). */
export function readReport<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export type { VitestReport, PlaywrightSuite };
