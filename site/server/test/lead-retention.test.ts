// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore, type NewLead } from '@voxdesk/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduleLeadRetention } from '../lead-retention.ts';
import type { LogLine } from '../request-log.ts';

const DAY = 24 * 60 * 60_000;
const NOW = Date.parse('2026-11-26T00:00:00Z');
const lead = (name: string): NewLead => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  company: null,
  phone: null,
  message: null,
  slot: null,
  timeZone: null,
  language: 'en',
  sourcePage: '/',
});

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('lead retention (LEAD_RETENTION_DAYS)', () => {
  it('deletes leads older than the setting at start and on every sweep, keeping newer ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voxdesk-retention-'));
    const store = new SqliteStore(join(dir, 'voxdesk.db'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => store.close(),
    );
    await store.leads.createLead(lead('Old'), NOW - 200 * DAY);
    await store.leads.createLead(lead('Recent'), NOW - 20 * DAY);
    const clock = { now: NOW };
    const logs: LogLine[] = [];
    const stop = scheduleLeadRetention(store.leads, 90, {
      log: (l) => logs.push(l),
      now: () => clock.now,
      everyMs: 20,
    });
    cleanups.push(stop);

    await expect
      .poll(async () => (await store.leads.listLeads({ limit: 10 })).leads.map((l) => l.name))
      .toEqual(['Recent']);
    expect(logs).toContainEqual({
      level: 'info',
      msg: 'lead retention: deleted 1 lead(s) older than 90 days',
    });

    // 71 days later the 'Recent' lead is 91 days old: the next sweep removes it.
    clock.now += 71 * DAY;
    await expect.poll(async () => (await store.leads.listLeads({ limit: 10 })).leads).toEqual([]);
  });
});
