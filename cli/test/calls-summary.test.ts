import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

// The harness clock is 2026-11-21T12:00:00Z. 1,250 calls in the last day (more than one
// page of 1,000), plus two older ones the window leaves out.
const RECEPTION = 'asst-reception';
const AFTER_HOURS = 'asst-after-hours';
const at = (minutesAgo: number) =>
  new Date(Date.parse('2026-11-21T12:00:00.000Z') - minutesAgo * 60_000).toISOString();
const seeded = Array.from({ length: 1250 }, (_, i) => {
  const reception = i % 5 !== 0; // 1,000 Reception, 250 After hours
  const failed = i % 50 === 0; // 25 failures, all After hours (i % 5 === 0)
  const created = at(1 + (i % 1200));
  return {
    id: `call-${i}`,
    type: 'outboundPhoneCall',
    status: 'ended',
    assistantId: reception ? RECEPTION : AFTER_HOURS,
    endedReason: failed ? 'twilio-failed-to-connect-call' : 'customer-ended-call',
    cost: 0.07,
    createdAt: created,
    startedAt: created,
    endedAt: new Date(Date.parse(created) + 90_000).toISOString(), // 90 s each
  };
});
const old = [
  {
    id: 'old-1',
    assistantId: RECEPTION,
    endedReason: 'customer-ended-call',
    cost: 5,
    createdAt: at(60 * 48),
  },
  {
    id: 'old-2',
    assistantId: AFTER_HOURS,
    endedReason: 'pipeline-error-openai',
    cost: 5,
    createdAt: at(60 * 30),
  },
];
const fake = useFakeVapi({ calls: [...seeded, ...old] });

describe('calls summary', () => {
  it('counts, failures, ended reasons, cost and duration per assistant, checked against the seed', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'summary', '--since', '24h', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toEqual([
      {
        assistantId: RECEPTION,
        calls: 1000,
        failed: 0,
        cost: 70,
        durationSeconds: 90_000,
        endedReasons: { 'customer-ended-call': 1000 },
      },
      {
        assistantId: AFTER_HOURS,
        calls: 250,
        failed: 25,
        cost: 17.5,
        durationSeconds: 22_500,
        endedReasons: { 'customer-ended-call': 225, 'twilio-failed-to-connect-call': 25 },
      },
    ]);
    // More than one page, all through the pager, every request bounded by the window.
    const lists = fake.state.requests.filter((r) => r.path === '/call');
    expect(lists.length).toBeGreaterThan(1);
    expect(
      lists.every((r) => new URLSearchParams(r.search).get('createdAtGe') === '2026-11-20T12:00:00.000Z'),
    ).toBe(true);
  }, 60_000);

  it('a table on a terminal, one assistant with --assistant', async () => {
    const cli = harness({ env: { ...authed, NO_COLOR: '1' }, tty: true, width: 120 });
    expect(await cli.run('calls', 'summary', '--assistant', AFTER_HOURS)).toBe(0);
    expect(cli.stdout.text).toBe(
      'ASSISTANT         CALLS  FAILED  COST    MINUTES  ENDED REASONS\n' +
        'asst-after-hours  250    25      $17.50  375.0    customer-ended-call 225, twilio-failed-to-connect-call 25\n',
    );
  }, 60_000);

  it('refuses a bad --since with exit 2, sending nothing', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'summary', '--since', 'yesterday')).toBe(2);
    expect(fake.state.requests).toEqual([]);
  });
});

describe('calls list --failed', () => {
  const failedIds = seeded.filter((call) => call.endedReason !== 'customer-ended-call').map((c) => c.id);

  it('lists every failed call of the last 24h (past one page), and only those', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'list', '--failed', '--json', 'id,endedReason')).toBe(0);
    const rows = JSON.parse(cli.stdout.text) as { id: string; endedReason: string }[];
    expect(rows.map((row) => row.id).sort()).toEqual([...failedIds].sort());
    expect(new Set(rows.map((row) => row.endedReason))).toEqual(new Set(['twilio-failed-to-connect-call']));
  }, 60_000);

  it('--since widens the window; piped, one TSV row per call with the summary’s columns', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'list', '--failed', '--since', '7d')).toBe(0);
    // Piped: no header (as gh); ID, ASSISTANT, ENDED REASON, COST, MINUTES, CREATED.
    const rows = cli.stdout.text.trim().split('\n');
    expect(rows).toHaveLength(failedIds.length + 1);
    expect(rows.find((row) => row.startsWith('old-2\t'))).toMatch(
      /^old-2\tasst-after-hours\tpipeline-error-openai\t\$5\.00\t/,
    );
    expect(rows.find((row) => row.startsWith('call-0\t'))).toMatch(
      /^call-0\tasst-after-hours\ttwilio-failed-to-connect-call\t\$0\.07\t1\.5\t/,
    );
  }, 60_000);

  it('--limit cuts what is shown; --since without --failed is a usage error', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'list', '--failed', '--limit', '3', '--json', 'id')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toHaveLength(3);
    const bad = harness({ env: authed });
    expect(await bad.run('calls', 'list', '--since', '7d')).toBe(2);
    expect(bad.stderr.text).toContain('--since goes with --failed');
  }, 60_000);
});
