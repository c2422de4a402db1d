// The contract of the demo call reports and leads tables, store-agnostic: every store that
// keeps them joins the list below (SQLite arrives with its implementation).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadCursorError, LeadNotFoundError } from '../src/errors.ts';
import type { CallReportRecord, CallReportStore, LeadStore, NewLead } from '../src/types.ts';
import { postgresHarness } from './stores.ts';

interface TablesHarness {
  callReports: CallReportStore;
  leads: LeadStore;
  dispose(): Promise<void>;
}

const harnesses: [string, () => Promise<TablesHarness>][] = [
  [
    'PostgresStore (real server)',
    async () => {
      const h = await postgresHarness();
      return { callReports: h.store.callReports, leads: h.store.leads, dispose: h.dispose };
    },
  ],
];

const report = (
  callId: string,
  receivedAt: number,
  extra: Partial<CallReportRecord> = {},
): CallReportRecord => ({
  callId,
  assistantId: 'asst_1',
  startedAt: '2026-11-23T08:00:00.000Z',
  endedAt: '2026-11-23T08:01:01.500Z',
  durationSeconds: 61.5,
  endedReason: 'customer-ended-call',
  cost: 0.0123,
  summary: 'Booked a cleaning for Tuesday.',
  transcript: 'AI: Hello! Ju lutem, si mund t’ju ndihmoj? 👋\nUser: A cleaning, please.',
  receivedAt,
  ...extra,
});

const lead = (name: string, extra: Partial<NewLead> = {}): NewLead => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  company: 'Smile Dental',
  phone: '+61 400 000 000',
  message: 'Call me after 3pm',
  slot: '2026-11-24T09:00:00.000Z',
  timeZone: 'Australia/Sydney',
  language: 'en',
  sourcePage: '/',
  ...extra,
});

const FORGED = [
  '',
  'abc',
  '1',
  "'; DROP TABLE leads; --",
  Buffer.from('1:2:3').toString('base64url'),
  Buffer.from('-1:2').toString('base64url'),
  Buffer.from('x:y').toString('base64url'),
];

describe.each(harnesses)('CallReportStore and LeadStore contract: %s', (_name, makeHarness) => {
  let h: TablesHarness;
  beforeEach(async () => {
    h = await makeHarness();
  });
  afterEach(() => h.dispose());

  it('stores a report once per call id, keeping the first delivery', async () => {
    expect(await h.callReports.listCallReports({ limit: 10 })).toEqual({ reports: [] });
    const first = report('call_1', 1_000);
    expect(await h.callReports.saveCallReport(first)).toBe(true);
    expect(await h.callReports.saveCallReport(report('call_1', 2_000, { summary: 'A retry' }))).toBe(false);
    expect(await h.callReports.listCallReports({ limit: 10 })).toEqual({ reports: [first] });
  });

  it('keeps nulls as nulls', async () => {
    const bare = report('call_bare', 5, {
      assistantId: null,
      startedAt: null,
      endedAt: null,
      durationSeconds: null,
      endedReason: null,
      cost: null,
      summary: null,
      transcript: '',
    });
    await h.callReports.saveCallReport(bare);
    expect((await h.callReports.listCallReports({ limit: 1 })).reports).toEqual([bare]);
  });

  it('stores one of 40 parallel deliveries of the same report', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => h.callReports.saveCallReport(report('call_dup', 1_000 + i))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await h.callReports.listCallReports({ limit: 100 })).reports).toHaveLength(1);
  });

  it('pages reports newest first, also through many reports received in the same millisecond', async () => {
    // Saved out of order; six share one receivedAt.
    const times = [3_000, 1_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 4_000];
    for (const [i, t] of times.entries()) await h.callReports.saveCallReport(report(`call_${i}`, t));
    const seen: CallReportRecord[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await h.callReports.listCallReports({ limit: 2, ...(before ? { before } : {}) });
      seen.push(...page.reports);
      before = page.next;
      pages++;
    } while (before && pages < 20);
    expect(pages).toBe(5);
    expect(seen.map((r) => r.receivedAt)).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(seen.map((r) => r.callId)).size).toBe(times.length);
  });

  it.each(FORGED)('refuses the forged report cursor %j with a 400', async (cursor) => {
    await h.callReports.saveCallReport(report('call_1', 1));
    const attempt = h.callReports.listCallReports({ limit: 2, before: cursor });
    await expect(attempt).rejects.toBeInstanceOf(BadCursorError);
    await expect(attempt).rejects.toMatchObject({ status: 400 });
  });

  it('creates a lead as new, with every field kept', async () => {
    const created = await h.leads.createLead(
      lead('Ana', { company: null, phone: null, language: 'sq' }),
      7_000,
    );
    expect(created).toEqual({
      ...lead('Ana', { company: null, phone: null, language: 'sq' }),
      id: expect.any(String),
      status: 'new',
      createdAt: 7_000,
      updatedAt: 7_000,
    });
    expect(await h.leads.listLeads({ limit: 10 })).toEqual({ leads: [created] });
  });

  it('pages leads newest first, with equal creation times, and refuses forged cursors', async () => {
    const made = [];
    for (const [i, t] of [1_000, 5_000, 5_000, 5_000, 5_000, 2_000, 9_000].entries()) {
      made.push(await h.leads.createLead(lead(`L${i}`), t));
    }
    const seen = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await h.leads.listLeads({ limit: 3, ...(after ? { after } : {}) });
      seen.push(...page.leads);
      after = page.next;
      pages++;
    } while (after && pages < 20);
    expect(pages).toBe(3);
    expect(seen.map((l) => l.createdAt)).toEqual([9_000, 5_000, 5_000, 5_000, 5_000, 2_000, 1_000]);
    expect(new Set(seen.map((l) => l.id))).toEqual(new Set(made.map((l) => l.id)));
    for (const cursor of FORGED) {
      await expect(h.leads.listLeads({ limit: 3, after: cursor })).rejects.toMatchObject({ status: 400 });
    }
  });

  it('moves a lead through its statuses, and says so for an unknown id', async () => {
    const created = await h.leads.createLead(lead('Bo'), 1_000);
    expect(await h.leads.setLeadStatus(created.id, 'contacted', 2_000)).toEqual({
      ...created,
      status: 'contacted',
      updatedAt: 2_000,
    });
    const closed = await h.leads.setLeadStatus(created.id, 'closed', 3_000);
    expect(closed).toMatchObject({ status: 'closed', updatedAt: 3_000, createdAt: 1_000 });
    expect((await h.leads.listLeads({ limit: 1 })).leads).toEqual([closed]);
    const missing = h.leads.setLeadStatus('lead_nope', 'closed', 4_000);
    await expect(missing).rejects.toBeInstanceOf(LeadNotFoundError);
    await expect(missing).rejects.toMatchObject({ status: 404 });
  });
});
