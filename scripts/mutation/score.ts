/**
 * Prints each module's mutation score from Stryker's JSON report and exits 1 when a gated
 * module is under MIN_SCORE or missing, or when the report cannot be trusted: the canary's
 * mutants did not meet their known fates, or a covered mutant "survived" a run that completed
 * no test (a non-measurement, stryker-js#6213). Score as Stryker counts it: killed and
 * timed-out mutants over killed, timed-out, survived and uncovered ones.
 */
import { readFileSync } from 'node:fs';
import { MIN_SCORE, MODULES, REPORT_FILE, type MutatedModule } from './modules.ts';

export interface ReportMutant {
  id: string;
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number } };
  coveredBy?: string[];
  testsCompleted?: number;
}

export interface Report {
  files: Record<string, { mutants: ReportMutant[] }>;
}

export interface ModuleScore {
  detected: number;
  valid: number;
  /** Percent; 100 when no mutant is valid. */
  score: number;
  /** Covered mutants scored "Survived" although no test ran against them. */
  unmeasured: ReportMutant[];
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export const CANARY = 'scripts/mutation/canary.ts';

/** Where canary.ts's `shout` begins: mutants from this line on are its own. */
const SHOUT_LINE =
  readFileSync(new URL('canary.ts', import.meta.url), 'utf8')
    .split('\n')
    .findIndex((line) => line.startsWith('export function shout')) + 1;

export function scoreOf(mutants: readonly ReportMutant[]): ModuleScore {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const unmeasured = mutants.filter((m) => m.status === 'Survived' && m.testsCompleted === 0);
  return { detected, valid, score: valid ? (100 * detected) / valid : 100, unmeasured };
}

/** What is wrong with the canary's results, if anything (canary.ts says what to expect). */
export function canaryProblems(mutants: readonly ReportMutant[]): string[] {
  const problems: string[] = [];
  const inShout = (m: ReportMutant) => m.location.start.line >= SHOUT_LINE;
  const adultEscapes = mutants.filter((m) => !inShout(m) && !DETECTED.has(m.status));
  if (!mutants.some((m) => !inShout(m))) problems.push('no mutant of isAdult was tested');
  for (const m of adultEscapes)
    problems.push(`isAdult's ${m.mutatorName} mutant (${m.replacement ?? '?'}) is ${m.status}, not killed`);
  const trimDropped = mutants.find(
    (m) => inShout(m) && m.mutatorName === 'MethodExpression' && m.status === 'Survived',
  );
  if (!trimDropped) problems.push("shout's dropped-trim mutant did not survive its deliberately weak test");
  return problems;
}

/** The report's lines, and whether the run passes. */
export function judge(
  report: Report,
  modules: readonly MutatedModule[] = MODULES,
  minScore = MIN_SCORE,
): { lines: string[]; ok: boolean } {
  const byPath = new Map(Object.entries(report.files).map(([p, f]) => [p.replaceAll('\\', '/'), f.mutants]));
  const lines: string[] = [];
  let ok = true;
  const canary = byPath.get(CANARY);
  const problems = canary ? canaryProblems(canary) : [`${CANARY} is not in the report`];
  for (const problem of problems)
    lines.push(`canary: ${problem}: Stryker is not measuring; scores untrusted`);
  ok &&= problems.length === 0;
  for (const module of modules) {
    const gated = module.state === 'gated';
    if (module.state === 'pending') {
      lines.push(`${module.path}: pending (not mutated until its owner's tests land)`);
      continue;
    }
    const mutants = byPath.get(module.path);
    if (!mutants) {
      lines.push(`${module.path}: not in ${REPORT_FILE}`);
      ok &&= !gated;
      continue;
    }
    const s = scoreOf(mutants);
    const low = s.score < minScore;
    const verdict = !gated ? '(not gated)' : low ? `FAIL: under ${minScore} %` : 'ok';
    lines.push(`${module.path}: ${s.score.toFixed(1)} % (${s.detected}/${s.valid} detected) ${verdict}`);
    for (const m of s.unmeasured)
      lines.push(`  mutant ${m.id} (line ${m.location.start.line}) "survived" with no test run: rerun it`);
    if (gated) ok &&= !low && s.unmeasured.length === 0;
  }
  return { lines, ok };
}

if (import.meta.main) {
  const report = JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as Report;
  const { lines, ok } = judge(report);
  console.log(lines.join('\n'));
  process.exit(ok ? 0 : 1);
}
