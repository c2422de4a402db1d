import { describe, expect, it } from 'vitest';
import type { MutatedModule } from './modules.ts';
import { CANARY, judge, type Report, type ReportMutant } from './score.ts';

let nextId = 0;
const mutant = (status: string, line = 1, more: Partial<ReportMutant> = {}): ReportMutant => ({
  id: String(nextId++),
  status,
  mutatorName: 'ConditionalExpression',
  location: { start: { line } },
  testsCompleted: status === 'NoCoverage' ? undefined : 1,
  ...more,
});

/** The canary's fates as canary.ts promises them: isAdult's mutants killed, the trim kept. */
const healthyCanary = [
  mutant('Killed', 9),
  mutant('Killed', 9),
  mutant('Survived', 14, { mutatorName: 'MethodExpression' }),
];

const gated: MutatedModule = { path: 'sdk/src/a.ts', tests: [], state: 'gated' };
const ungated: MutatedModule = { path: 'site/server/b.ts', tests: [], state: 'measured' };
const pending: MutatedModule = { path: 'cli/src/c.ts', tests: [], state: 'pending' };

const report = (files: Record<string, ReportMutant[]>): Report => ({
  files: Object.fromEntries(Object.entries(files).map(([p, mutants]) => [p, { mutants }])),
});

/** 17 detected of 20: 85 %. */
const atFloor = [
  ...Array.from({ length: 16 }, () => mutant('Killed')),
  mutant('Timeout'),
  mutant('Survived'),
  mutant('Survived'),
  mutant('NoCoverage'),
  mutant('CompileError'),
  mutant('Ignored'),
];

describe('mutation score gate', () => {
  it('passes a gated module at the floor and prints its score; errors and ignored do not count', () => {
    const { lines, ok } = judge(report({ [CANARY]: healthyCanary, 'sdk/src/a.ts': atFloor }), [gated], 85);
    expect(ok).toBe(true);
    expect(lines).toEqual(['sdk/src/a.ts: 85.0 % (17/20 detected) ok']);
  });

  it('fails a gated module one mutant under the floor, naming it', () => {
    const under = atFloor.map((m, i) => (i === 0 ? { ...m, status: 'Survived' } : m));
    const { lines, ok } = judge(report({ [CANARY]: healthyCanary, 'sdk/src/a.ts': under }), [gated], 85);
    expect(ok).toBe(false);
    expect(lines).toEqual(['sdk/src/a.ts: 80.0 % (16/20 detected) FAIL: under 85 %']);
  });

  it('prints but does not fail on a module that is not gated, or missing from the report', () => {
    const low = [mutant('Survived'), mutant('Killed')];
    const { lines, ok } = judge(report({ [CANARY]: healthyCanary, 'site/server/b.ts': low }), [ungated], 85);
    expect(ok).toBe(true);
    expect(lines).toEqual(['site/server/b.ts: 50.0 % (1/2 detected) (not gated)']);
    expect(judge(report({ [CANARY]: healthyCanary }), [ungated], 85).ok).toBe(true);
  });

  it('lists a pending module without reading the report for it', () => {
    const { lines, ok } = judge(report({ [CANARY]: healthyCanary }), [pending], 85);
    expect(ok).toBe(true);
    expect(lines).toEqual(["cli/src/c.ts: pending (not mutated until its owner's tests land)"]);
  });

  it('fails when a gated module is missing from the report', () => {
    const { lines, ok } = judge(report({ [CANARY]: healthyCanary }), [gated], 85);
    expect(ok).toBe(false);
    expect(lines[0]).toMatch(/^sdk\/src\/a\.ts: not in /);
  });

  it('fails a gated module whose covered mutant "survived" a run of no test (stryker-js#6213)', () => {
    const unmeasured = mutant('Survived', 7, { testsCompleted: 0, coveredBy: ['t1'] });
    const files = {
      [CANARY]: healthyCanary,
      'sdk/src/a.ts': [mutant('Killed'), ...Array(9).fill(mutant('Killed')), unmeasured],
    };
    const { lines, ok } = judge(report(files), [gated], 85);
    expect(ok).toBe(false);
    expect(lines[1]).toBe(`  mutant ${unmeasured.id} (line 7) "survived" with no test run: rerun it`);
  });

  it('distrusts the run when the canary did not meet its fates', () => {
    const files = (canary: ReportMutant[]) =>
      report({ [CANARY]: canary, 'sdk/src/a.ts': [mutant('Killed')] });
    // Mutants never activated: everything survives (the vitest runner 9 on Vitest 5).
    const none = judge(files(healthyCanary.map((m) => ({ ...m, status: 'Survived' }))), [gated], 85);
    expect(none.ok).toBe(false);
    expect(none.lines[0]).toMatch(
      /^canary: isAdult's ConditionalExpression mutant .* is Survived, not killed/,
    );
    // Nothing survives, not even the deliberately weak test's mutant.
    const all = judge(files(healthyCanary.map((m) => ({ ...m, status: 'Killed' }))), [gated], 85);
    expect(all.ok).toBe(false);
    expect(all.lines[0]).toMatch(/dropped-trim mutant did not survive/);
    expect(judge(report({ 'sdk/src/a.ts': [mutant('Killed')] }), [gated], 85).lines[0]).toMatch(
      /^canary: scripts\/mutation\/canary\.ts is not in the report/,
    );
  });
});
