// @vitest-environment node
// Issue 24: the optional daily digest. Off unless LEADS_DIGEST_HOUR is set; at that hour in the
// owner's zone one mail with the day's leads and demo calls goes through the outbox to a real
// SMTP server on loopback, once however many instances check; nothing is sent for an empty day.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore, type NewLead } from '@voxdesk/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { dueDigestDay } from '../mail/digest-day.ts';
import { DailyDigest } from '../mail/digest.ts';
import { OutboxSender } from '../mail/sender.ts';
import type { MailSettings } from '../mail/settings.ts';
import { testSmtp, type TestSmtp } from './smtp-fixture.ts';

const at = (iso: string) => Date.parse(iso);
/** The raw message with quoted-printable undone (soft breaks, =XX bytes as UTF-8). */
const quotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const iso = (ms: number) => new Date(ms).toISOString();

describe('which day a digest covers', () => {
  it('the 24 hours up to the digest hour in the owner zone, yesterday until the hour comes', () => {
    // Tirana is UTC+1 in November: 18:00 there is 17:00 UTC.
    const before = dueDigestDay(at('2026-11-26T16:59:00Z'), 18, 'Europe/Tirane');
    expect([before.date, iso(before.start), iso(before.end)]).toEqual([
      '2026-11-25',
      '2026-11-24T17:00:00.000Z',
      '2026-11-25T17:00:00.000Z',
    ]);
    const on = dueDigestDay(at('2026-11-26T17:00:00Z'), 18, 'Europe/Tirane');
    expect([on.date, iso(on.end)]).toEqual(['2026-11-26', '2026-11-26T17:00:00.000Z']);
    // Sydney is a day ahead: 00:30 UTC on the 26th is 11:30 there, past an 8 am digest.
    const sydney = dueDigestDay(at('2026-11-26T00:30:00Z'), 8, 'Australia/Sydney');
    expect([sydney.date, iso(sydney.end)]).toEqual(['2026-11-26', '2026-11-25T21:00:00.000Z']);
  });

  it('a day with a clock change is 23 hours long, and the hour stays the local one', () => {
    // Europe moves to summer time on 29 March 2026: 08:00 is 07:00 UTC before, 06:00 UTC after.
    const day = dueDigestDay(at('2026-03-29T12:00:00Z'), 8, 'Europe/Tirane');
    expect([day.date, iso(day.start), iso(day.end)]).toEqual([
      '2026-03-29',
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
    ]);
  });
});

describe('LEADS_DIGEST_HOUR', () => {
  it('is off by default; set, it reads the owner zone and language', () => {
    expect(loadConfig({}, '/srv').digest).toBeUndefined();
    expect(
      loadConfig({ LEADS_DIGEST_HOUR: '18', OWNER_TIME_ZONE: 'Europe/Tirane', OWNER_LANGUAGE: 'sq' }, '/srv')
        .digest,
    ).toEqual({ hour: 18, timeZone: 'Europe/Tirane', language: 'sq' });
    expect(loadConfig({ LEADS_DIGEST_HOUR: '7' }, '/srv').digest).toEqual({
      hour: 7,
      timeZone: 'UTC',
      language: 'en',
    });
    expect(() => loadConfig({ LEADS_DIGEST_HOUR: '24' }, '/srv')).toThrow(/LEADS_DIGEST_HOUR/);
    expect(() => loadConfig({ LEADS_DIGEST_HOUR: '8', OWNER_TIME_ZONE: 'Mars/Base' }, '/srv')).toThrow(
      /OWNER_TIME_ZONE/,
    );
  });
});

describe('the digest through the outbox and a real SMTP server', () => {
  let smtp: TestSmtp;
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await smtp?.down();
  });

  const file = () => join(mkdtempSync(join(tmpdir(), 'voxdesk-digest-')), 'voxdesk.db');
  const open = (path: string) => {
    const store = new SqliteStore(path);
    stores.push(store);
    return store;
  };
  const mail: MailSettings = {
    from: 'Voxdesk <leads@voxdesk.test>',
    notifyTo: 'owner@example.com',
    siteUrl: 'https://voxdesk.test',
  };
  const settings = { hour: 18, timeZone: 'Europe/Tirane', language: 'sq' as const };
  const lead = (name: string, email: string): NewLead => ({
    name,
    email,
    company: null,
    phone: null,
    message: null,
    slot: null,
    timeZone: null,
    language: 'en',
    sourcePage: '/',
  });
  // 18:00 in Tirana on 26 November is 17:00 UTC.
  const DIGEST = at('2026-11-26T17:00:00Z');

  async function deliver(store: SqliteStore, now: number) {
    const sender = new OutboxSender({
      outbox: store.outbox,
      smtpUrl: smtp.url,
      from: mail.from,
      log: () => {},
      now: () => now,
    });
    return sender.runOnce();
  }

  it('two instances at the digest hour queue one mail with the day, in the owner language', async () => {
    smtp = await testSmtp();
    await smtp.up();
    const path = file();
    const [a, b] = [open(path), open(path)];
    await a.leads.createLead(lead('Yesterday Early', 'early@example.com'), DIGEST - 25 * 60 * 60_000);
    await a.leads.createLead(lead('Arta Krasniqi', 'arta@example.al'), DIGEST - 3 * 60 * 60_000);
    await a.leads.createLead(lead('Arta Krasniqi', 'ARTA@example.al'), DIGEST - 60 * 60_000); // a repeat
    await a.leads.createLead(lead('Bo Later', 'bo@example.com'), DIGEST + 60_000); // tomorrow's
    // Held by the site-wide cap: not mailed, in the digest neither, until released.
    await a.leads.createLead(
      lead('Held Flood', 'flood@example.com'),
      DIGEST - 60 * 60_000,
      undefined,
      'held',
    );
    await a.callReports.saveCallReport({
      callId: 'call-1',
      assistantId: 'asst',
      startedAt: null,
      endedAt: null,
      durationSeconds: 180,
      endedReason: 'customer-ended-call',
      cost: 0.1,
      summary: 'Asked about opening hours.',
      transcript: '',
      receptionist: 'health-clinics',
      receivedAt: DIGEST - 2 * 60 * 60_000,
    });
    const queuedBefore = (await a.outbox.summary()).waiting;

    const outcomes = await Promise.all([
      new DailyDigest(a, mail, settings).runOnce(DIGEST + 2 * 60_000),
      new DailyDigest(b, mail, settings).runOnce(DIGEST + 2 * 60_000),
    ]);
    expect(outcomes).toEqual(['queued', 'queued']);
    // One digest in the outbox, whichever instance got there first.
    expect((await a.outbox.summary()).waiting).toBe(queuedBefore + 1);
    // Checking again later the same day changes nothing.
    expect(await new DailyDigest(b, mail, settings).runOnce(DIGEST + 5 * 60 * 60_000)).toBe('queued');
    expect((await a.outbox.summary()).waiting).toBe(queuedBefore + 1);

    await deliver(a, DIGEST + 3 * 60_000);
    // The leads were stored without notifications: every mail to the owner is a digest.
    const digests = smtp.received.filter((m) => m.to.includes('owner@example.com'));
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.to).toContain('owner@example.com');
    const text = quotedPrintable(digest.raw);
    expect(text).toContain('Dita juaj në Voxdesk, 2026-11-26: kërkesa 1, thirrje demo 1');
    expect(text).toContain('Arta Krasniqi');
    expect(text).toContain('kërkesa e 2-të'); // the repeat is one lead, its second request
    expect(text).toContain('Asked about opening hours.');
    expect(text).not.toContain('Yesterday Early');
    expect(text).not.toContain('Bo Later');
    expect(text).not.toContain('Held Flood');
    expect(text).toContain('https://voxdesk.test/admin/leads');
  });

  it('a day with nothing new sends nothing; without an owner address nothing is queued', async () => {
    smtp = await testSmtp();
    await smtp.up();
    const store = open(file());
    await store.leads.createLead(lead('Old', 'old@example.com'), DIGEST - 3 * 24 * 60 * 60_000);
    expect(await new DailyDigest(store, mail, settings).runOnce(DIGEST + 60_000)).toBe('nothing-new');
    expect(await new DailyDigest(store, { from: mail.from }, settings).runOnce(DIGEST)).toBe('no-recipient');
    await store.leads.createLead(lead('New', 'new@example.com'), DIGEST - 60_000);
    expect(await new DailyDigest(store, { from: mail.from }, settings).runOnce(DIGEST)).toBe('no-recipient');
    expect((await store.outbox.summary()).waiting).toBe(0);
  });
});
