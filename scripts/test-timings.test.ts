import { describe, expect, it } from 'vitest';
import { playwrightFileTimes, slowest, vitestFileTimes } from './test-timings.ts';

describe('test timings', () => {
  it("reads each unit file's wall time from Vitest's JSON report, relative to the root", () => {
    const times = vitestFileTimes(
      {
        testResults: [
          { name: '/repo/sdk/test/a.test.ts', startTime: 1_000, endTime: 3_500 },
          { name: '/repo/cli/test/b.test.ts', startTime: 2_000, endTime: 2_250 },
        ],
      },
      '/repo',
    );
    expect(times).toEqual([
      { file: 'sdk/test/a.test.ts', seconds: 2.5 },
      { file: 'cli/test/b.test.ts', seconds: 0.25 },
    ]);
  });

  it("sums each spec file's attempts through nested describe blocks from Playwright's JSON report", () => {
    const times = playwrightFileTimes({
      suites: [
        {
          file: 'home.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 1_000 }, { duration: 500 }] }] }],
          suites: [
            { file: 'home.spec.ts', specs: [{ tests: [{ results: [{ duration: 2_000 }] }] }] },
            { file: '', suites: [{ file: '', specs: [{ tests: [{ results: [{ duration: 250 }] }] }] }] },
          ],
        },
        { file: 'cli.spec.ts', specs: [{ tests: [{ results: [{ duration: 4_000 }] }] }] },
        { file: 'empty.spec.ts', specs: [] },
      ],
    });
    expect(times).toEqual([
      { file: 'home.spec.ts', seconds: 3.75 },
      { file: 'cli.spec.ts', seconds: 4 },
    ]);
  });

  it('lists the slowest first, only as many as asked, under a title with the count and sum', () => {
    const text = slowest(
      'Slowest',
      [
        { file: 'a', seconds: 1 },
        { file: 'b', seconds: 30.04 },
        { file: 'c', seconds: 2.5 },
      ],
      2,
    );
    expect(text).toBe('Slowest (3 files, 34 s summed over workers):\n    30.0 s  b\n     2.5 s  c\n');
  });
});
