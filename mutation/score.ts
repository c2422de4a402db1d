/**
 * Prints each gated module's mutation score from Stryker's JSON report and fails (exit 1) when
 * one is under MIN_SCORE or missing from the report. Score as Stryker counts it: killed and
 * timed-out mutants over all valid ones (survived and uncovered included).
 */
import { readFileSync } from 'node:fs';
import { MIN_SCORE, MUTATED_MODULES, REPORT_FILE } from './modules.ts';

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Detected and valid mutant counts, and the score in %, per module path. */
export function scores(report: Report): Map<string, { detected: number; valid: number; score: number }> {
  const result = new Map<string, { detected: number; valid: number; score: number }>();
  for (const [path, { mutants }] of Object.entries(report.files)) {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
    result.set(path.replaceAll('\\', '/'), {
      detected,
      valid,
      score: valid ? (100 * detected) / valid : 100,
    });
  }
  return result;
}

if (import.meta.main) {
  const report = JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as Report;
  const byModule = scores(report);
  let failed = false;
  for (const module of MUTATED_MODULES) {
    const s = [...byModule].find(([path]) => path.endsWith(module))?.[1];
    if (!s) {
      console.log(`${module}: not in ${REPORT_FILE}`);
      failed = true;
      continue;
    }
    const ok = s.score >= MIN_SCORE;
    failed ||= !ok;
    console.log(
      `${module}: ${s.score.toFixed(1)} % (${s.detected}/${s.valid} mutants detected)${ok ? '' : ` — under ${MIN_SCORE} %`}`,
    );
  }
  process.exit(failed ? 1 : 0);
}
