import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Accounts, LOGIN_FAILED, WRONG_CURRENT_PASSWORD } from '../src/accounts.ts';
import { BadCursorError, DuplicateEmailError, LastAdminError, UserNotFoundError } from '../src/errors.ts';
import type { CallReportRecord } from '../src/types.ts';
import { sessionIdOf, Sessions } from '../src/sessions.ts';
import { isPasswordHash, isTemporary, verifyPassword, withoutMarker } from '../src/password.ts';
import { airtableHarness, closeMsw, postgresHarness, sqliteHarness, type StoreHarness } from './stores.ts';

const fastScrypt = { N: 1024, r: 8, p: 1 };
const STRONG = 'correct horse battery staple';
const STRONG_2 = 'violet lantern over quiet harbour';
/** A stored report as the site builds it from Vapi's end-of-call-report. */
const report = (
  callId: string,
  receivedAt: number,
  extra: Partial<CallReportRecord> = {},
): CallReportRecord => ({
  callId,
  assistantId: 'asst_demo',
  startedAt: '2026-11-20T10:00:00.000Z',
  endedAt: '2026-11-20T10:01:35.000Z',
  durationSeconds: 95,
  endedReason: 'customer-ended-call',
  cost: 0.1234,
  summary: 'The caller booked a check-up.',
  transcript: 'AI: Hello\nUser: Hi',
  recordingUrl: null,
  clientId: null,
  receptionist: null,
  preview: false,
  receivedAt,
  ...extra,
});

const hashed = 'scrypt$N=1024,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

afterAll(closeMsw);

describe.each([
  ['AirtableUserStore (msw)', () => airtableHarness()],
  ['SqliteStore (temp file)', () => sqliteHarness()],
  ['PostgresStore (real server)', () => postgresHarness()],
])('UserStore contract: %s', (_name, makeHarness) => {
  let harness: StoreHarness;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(() => harness.dispose());

  it('starts empty', async () => {
    expect(await harness.store.users.list()).toEqual([]);
    expect(await harness.store.users.findByEmail('nobody@example.com')).toBeUndefined();
  });

  it('creates clients with Role Client and finds them by normalised email', async () => {
    const created = await harness.store.users.create({
      name: 'Ada',
      email: 'ada@example.com',
      password: hashed,
    });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Ada',
      email: 'ada@example.com',
      role: 'Client',
    });
    expect(await harness.store.users.findByEmail('ada@example.com')).toEqual({
      ...created,
      password: hashed,
    });
    expect(await harness.store.users.findByEmail(' ADA@Example.com ')).toEqual({
      ...created,
      password: hashed,
    });
    expect(await harness.store.users.findById(created.id)).toEqual({ ...created, password: hashed });
    expect(await harness.store.users.findByEmail('ada@example.co')).toBeUndefined();
  });

  it('lists Name, Email and Role without passwords', async () => {
    const admin = await harness.store.users.createAdmin({
      name: 'Root',
      email: 'root@example.com',
      password: hashed,
    });
    const client = await harness.store.users.create({
      name: 'Bo',
      email: 'bo@example.com',
      password: hashed,
    });
    const list = await harness.store.users.list();
    expect(list).toEqual([admin, client]);
    expect(admin.role).toBe('Admin');
    for (const user of list) expect(Object.keys(user).sort()).toEqual(['email', 'id', 'name', 'role']);
  });

  it('refuses a duplicate email with a 409 DuplicateEmailError', async () => {
    await harness.store.users.create({ name: 'Ada', email: 'ada@example.com', password: hashed });
    const attempt = harness.store.users.create({ name: 'Other', email: 'ada@example.com', password: hashed });
    await expect(attempt).rejects.toBeInstanceOf(DuplicateEmailError);
    await expect(attempt).rejects.toMatchObject({
      status: 409,
      message: 'A user with the email ada@example.com already exists. Use a different email address.',
    });
    expect(await harness.store.users.list()).toHaveLength(1);
  });

  it.each(["x' , TRUE(), '", "' OR TRUE() OR '", "\\' OR TRUE() OR \\'", 'x\\', "a'b", '*', '%'])(
    'lookup of %j matches only a record with exactly that email',
    async (input) => {
      await harness.store.users.create({ name: 'Victim', email: 'victim@example.com', password: hashed });
      expect(await harness.store.users.findByEmail(input)).toBeUndefined();
      const odd = await harness.store.users.create({ name: 'Odd', email: input, password: hashed });
      expect(await harness.store.users.findByEmail(input)).toMatchObject({
        id: odd.id,
        email: input.trim().toLowerCase(),
      });
    },
  );

  it('removes by id, and says so when the id is unknown', async () => {
    const client = await harness.store.users.create({
      name: 'Ada',
      email: 'ada@example.com',
      password: hashed,
    });
    await harness.store.users.remove(client.id);
    expect(await harness.store.users.findByEmail('ada@example.com')).toBeUndefined();
    const again = harness.store.users.remove(client.id);
    await expect(again).rejects.toBeInstanceOf(UserNotFoundError);
    await expect(again).rejects.toMatchObject({ status: 404 });
  });

  it('replaces a stored password', async () => {
    const client = await harness.store.users.create({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'old',
    });
    await harness.store.users.setPassword(client.id, hashed);
    expect((await harness.store.users.findByEmail('ada@example.com'))?.password).toBe(hashed);
  });

  describe('Accounts on this store', () => {
    let accounts: Accounts;
    beforeEach(() => {
      accounts = new Accounts(harness.store, { scrypt: fastScrypt });
    });

    it('adds clients with a hashed, temporary password and Role Client', async () => {
      const client = await accounts.addClient({
        name: 'Ada',
        email: 'ada@example.com',
        password: STRONG,
      });
      expect(client.role).toBe('Client');
      const record = await harness.store.users.findByEmail('ada@example.com');
      expect(record?.password).not.toContain(STRONG);
      // The Admin chose it: the client must choose their own at the first login (issue 26 L4).
      expect(isTemporary(record!.password)).toBe(true);
      expect(isPasswordHash(withoutMarker(record!.password))).toBe(true);
      expect(await accounts.authenticate('ada@example.com', STRONG)).toEqual({
        ok: true,
        user: { ...client, mustChangePassword: true },
      });
      expect(await accounts.changePassword(client.id, STRONG, STRONG_2)).toEqual({ ok: true });
      expect(await accounts.authenticate('ada@example.com', STRONG_2)).toEqual({ ok: true, user: client });
    });

    it('answers one message for an unknown email and a wrong password, hashing only for a real account', async () => {
      await accounts.addClient({ name: 'Ada', email: 'ada@example.com', password: STRONG });
      let hashed = 0;
      const counting = <T>(check: () => Promise<T>) => (hashed++, check());
      expect(await accounts.authenticate('nobody@example.com', STRONG, counting)).toEqual({
        ok: false,
        error: LOGIN_FAILED,
      });
      expect(hashed).toBe(0);
      expect(await accounts.authenticate('ada@example.com', 'wrong', counting)).toEqual({
        ok: false,
        error: LOGIN_FAILED,
      });
      expect(hashed).toBe(1);
      expect(await accounts.authenticate('ada@example.com', STRONG)).toEqual({
        ok: true,
        user: {
          id: expect.any(String),
          name: 'Ada',
          email: 'ada@example.com',
          role: 'Client',
          mustChangePassword: true,
        },
      });
    });

    it('logs a legacy plain-text record in once and re-hashes it on that login', async () => {
      await harness.seed({ Name: 'Old', Email: 'old@example.com', Password: 'plain-secret', Role: 'Admin' });
      expect(await accounts.authenticate('old@example.com', 'plain-wrong')).toMatchObject({ ok: false });
      expect((await harness.store.users.findByEmail('old@example.com'))?.password).toBe('plain-secret');

      expect(await accounts.authenticate('old@example.com', 'plain-secret')).toMatchObject({
        ok: true,
        user: { role: 'Admin', name: 'Old' },
      });
      const stored = (await harness.store.users.findByEmail('old@example.com'))!.password;
      expect(isPasswordHash(stored)).toBe(true);
      expect(await verifyPassword('plain-secret', stored)).toBe(true);
      expect(await accounts.authenticate('old@example.com', 'plain-secret')).toMatchObject({ ok: true });
    });

    it('creates the first Admin only on an empty store, generating a password when none is given', async () => {
      const first = await accounts.ensureFirstAdmin({ email: 'admin@example.com' });
      expect(first).toMatchObject({ created: true, user: { role: 'Admin', email: 'admin@example.com' } });
      const generated = (first as { generatedPassword: string }).generatedPassword;
      expect(generated.length).toBeGreaterThanOrEqual(16);
      expect(await accounts.authenticate('admin@example.com', generated)).toMatchObject({ ok: true });
      expect(await accounts.ensureFirstAdmin({ email: 'second@example.com', password: 'x' })).toEqual({
        created: false,
      });
    });

    it('ends every session of a user when the password changes or the user is deleted', async () => {
      const client = await accounts.addClient({ name: 'Ada', email: 'ada@example.com', password: STRONG });
      const sessions = new Sessions(harness.store, { policy: { cacheMs: 0 } });
      const a = await sessions.start(client.id);
      const b = await sessions.start(client.id);
      expect((await sessions.resolve(a.token))?.user).toEqual({ ...client, mustChangePassword: true });
      expect(await accounts.changePassword(client.id, 'wrong', STRONG_2)).toEqual({
        ok: false,
        error: WRONG_CURRENT_PASSWORD,
      });
      expect(await sessions.resolve(b.token)).toBeDefined();
      expect(await accounts.changePassword(client.id, STRONG, STRONG_2)).toEqual({ ok: true });
      expect(await sessions.resolve(a.token)).toBeUndefined();
      expect(await sessions.resolve(b.token)).toBeUndefined();
      expect(await accounts.authenticate('ada@example.com', STRONG_2)).toMatchObject({ ok: true });
      const c = await sessions.start(client.id);
      await accounts.remove(client.id);
      expect(await sessions.resolve(c.token)).toBeUndefined();
    });

    it('refuses short and common new passwords, for clients and for changes', async () => {
      await expect(
        accounts.addClient({ name: 'A', email: 'a@example.com', password: 'short-pass' }),
      ).rejects.toThrow('Use at least 12 characters');
      await expect(
        accounts.addClient({ name: 'A', email: 'a@example.com', password: 'Password1234' }),
      ).rejects.toThrow('list of common or breached passwords');
      const client = await accounts.addClient({ name: 'A', email: 'a@example.com', password: STRONG });
      await expect(accounts.changePassword(client.id, STRONG, 'qwerty123456')).rejects.toMatchObject({
        status: 400,
      });
      await expect(accounts.setClientPassword(client.id, 'x')).rejects.toMatchObject({ status: 400 });
      await accounts.setClientPassword(client.id, STRONG_2);
      expect(await accounts.authenticate('a@example.com', STRONG_2)).toMatchObject({ ok: true });
    });

    it('marks a generated first-Admin password as temporary until it is changed', async () => {
      const first = await accounts.ensureFirstAdmin({ email: 'Admin@Example.com ' });
      const generated = (first as { generatedPassword: string }).generatedPassword;
      const login = await accounts.authenticate('admin@example.com', generated);
      expect(login).toMatchObject({
        ok: true,
        user: { mustChangePassword: true, email: 'admin@example.com' },
      });
      const id = (login as { user: { id: string } }).user.id;
      await accounts.changePassword(id, generated, STRONG);
      const after = await accounts.authenticate('admin@example.com', STRONG);
      expect(after).toMatchObject({ ok: true });
      expect((after as { user: object }).user).not.toHaveProperty('mustChangePassword');
    });
  });

  it('pages users in creation order with an opaque cursor, and refuses a forged one', async () => {
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await harness.store.users.create({ name: `U${i}`, email: `u${i}@example.com`, password: hashed }),
      );
    }
    const seen = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await harness.store.users.listPage({ limit: 3, ...(after ? { after } : {}) });
      seen.push(...page.users);
      after = page.next;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);
    await expect(
      harness.store.users.listPage({ limit: 3, after: "'; DROP TABLE users; --" }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('never removes the last Admin, and removes one of two', async () => {
    const a = await harness.store.users.createAdmin({ name: 'A', email: 'a@example.com', password: hashed });
    const b = await harness.store.users.createAdmin({ name: 'B', email: 'b@example.com', password: hashed });
    const results = await Promise.allSettled([
      harness.store.users.remove(a.id),
      harness.store.users.remove(b.id),
    ]);
    // SQLite, Postgres: exactly one succeeds. Airtable (no transactions): both may be put back.
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r).toMatchObject({ reason: expect.any(LastAdminError) });
    }
    expect(
      (await harness.store.users.list()).filter((u) => u.role === 'Admin').length,
    ).toBeGreaterThanOrEqual(1);
    const [last] = (await harness.store.users.list()).filter((u) => u.role === 'Admin');
    if (results.some((r) => r.status === 'fulfilled')) {
      await expect(harness.store.users.remove(last!.id)).rejects.toBeInstanceOf(LastAdminError);
    }
  });

  it('creates one of two concurrent records with the same email', async () => {
    const results = await Promise.allSettled([
      harness.store.users.create({ name: 'A', email: 'same@example.com', password: hashed }),
      harness.store.users.create({ name: 'B', email: 'SAME@example.com', password: hashed }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: expect.any(DuplicateEmailError),
    });
    expect(await harness.store.users.list()).toHaveLength(1);
  });

  it('counts attempts atomically: 200 parallel hits get the counts 1…200, then a new window', async () => {
    const counts = await Promise.all(
      Array.from({ length: 200 }, () => harness.store.attempts.hitAttempt('pair:x', 60_000, 1_000)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect(new Set(counts.map((c) => c.resetAt))).toEqual(new Set([61_000]));
    expect(await harness.store.attempts.hitAttempt('pair:x', 60_000, 61_000)).toEqual({
      count: 1,
      resetAt: 121_000,
    });
    await harness.store.attempts.clearAttempts('pair:x');
    expect((await harness.store.attempts.hitAttempt('pair:x', 60_000, 61_001)).count).toBe(1);
  });

  it('takes attempts back (never below 0) and reads a count without counting', async () => {
    const { attempts } = harness.store;
    expect(await attempts.peekAttempt('ip:y', 1_000)).toBe(0);
    await attempts.hitAttempt('ip:y', 60_000, 1_000);
    await attempts.hitAttempt('ip:y', 60_000, 1_000);
    await attempts.undoAttempt('ip:y');
    expect(await attempts.peekAttempt('ip:y', 2_000)).toBe(1);
    await attempts.undoAttempt('ip:y');
    await attempts.undoAttempt('ip:y');
    await attempts.undoAttempt('ip:missing');
    expect(await attempts.peekAttempt('ip:y', 2_000)).toBe(0);
    expect((await attempts.hitAttempt('ip:y', 60_000, 2_000)).count).toBe(1);
    expect(await attempts.peekAttempt('ip:y', 61_000)).toBe(0);
  });

  describe('call reports', () => {
    it('stores a report once per call id; a second delivery is ignored, even with other content', async () => {
      const first = report('call-1', 1_000, {
        summary: 'Unicode ✓ and "quotes"',
        transcript: 'AI: ¿Qué tal?\nUser: Mirë 👋',
      });
      expect(await harness.store.callReports.saveCallReport(first)).toBe(true);
      expect(
        await harness.store.callReports.saveCallReport(report('call-1', 2_000, { summary: 'changed' })),
      ).toBe(false);
      expect(await harness.store.callReports.listCallReports({ limit: 10 })).toEqual({ reports: [first] });
    });

    it('keeps who made a call, the receptionist, preview calls and the recording, and lists one client’s calls', async () => {
      const carl = report('call-carl', 1_000, {
        clientId: 'user_carl',
        receptionist: 'law-firms',
        recordingUrl: 'https://storage.vapi.ai/call-carl.wav',
      });
      const preview = report('preview-carl', 2_000, {
        clientId: 'user_carl',
        receptionist: 'health-clinics',
        preview: true,
        assistantId: null,
      });
      const dana = report('call-dana', 3_000, { clientId: 'user_dana', receptionist: 'home-services' });
      const nobody = report('call-unattributed', 4_000);
      for (const r of [carl, preview, dana, nobody]) await harness.store.callReports.saveCallReport(r);
      expect((await harness.store.callReports.listCallReports({ limit: 10 })).reports).toEqual([
        nobody,
        dana,
        preview,
        carl,
      ]);
      const first = await harness.store.callReports.listCallReports({ limit: 1, clientId: 'user_carl' });
      expect(first.reports).toEqual([preview]);
      const second = await harness.store.callReports.listCallReports({
        limit: 1,
        clientId: 'user_carl',
        before: first.next!,
      });
      expect(second).toEqual({ reports: [carl] });
      expect(
        (await harness.store.callReports.listCallReports({ limit: 10, clientId: 'user_nobody' })).reports,
      ).toEqual([]);
    });

    it('keeps nulls as nulls and fractional durations and costs as numbers', async () => {
      const bare = report('call-null', 5, {
        assistantId: null,
        startedAt: null,
        endedAt: null,
        durationSeconds: 12.5,
        endedReason: null,
        cost: null,
        summary: null,
        transcript: '',
      });
      await harness.store.callReports.saveCallReport(bare);
      expect((await harness.store.callReports.listCallReports({ limit: 1 })).reports).toEqual([bare]);
    });

    it('20 parallel deliveries of one report: exactly one stores it', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          harness.store.callReports.saveCallReport(report('call-race', 1_000 + i, { summary: `copy ${i}` })),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const { reports } = await harness.store.callReports.listCallReports({ limit: 100 });
      expect(reports).toHaveLength(1);
      expect(reports[0]!.summary).toBe(`copy ${results.indexOf(true)}`);
    });

    it('pages newest first with an opaque cursor; equal receivedAt values neither repeat nor vanish', async () => {
      // Stored out of time order, four of them in one millisecond.
      const times = [3_000, 1_000, 2_000, 2_000, 2_000, 2_000, 5_000, 4_000];
      for (const [i, at] of times.entries())
        await harness.store.callReports.saveCallReport(report(`call-${i}`, at));
      const seen: string[] = [];
      let before: string | undefined;
      let pages = 0;
      do {
        const page = await harness.store.callReports.listCallReports({
          limit: 3,
          ...(before ? { before } : {}),
        });
        seen.push(...page.reports.map((r) => r.callId));
        before = page.next;
        pages++;
      } while (before && pages < 10);
      expect(pages).toBe(3);
      // Newest first; among equal times the one stored later first.
      expect(seen).toEqual(['call-6', 'call-7', 'call-0', 'call-5', 'call-4', 'call-3', 'call-2', 'call-1']);
      // A page that ends exactly at the last report has no next cursor.
      const exact = await harness.store.callReports.listCallReports({ limit: 8 });
      expect(exact.reports).toHaveLength(8);
      expect(exact.next).toBeUndefined();
    });

    it('pages stay stable while new reports arrive', async () => {
      for (let i = 0; i < 4; i++)
        await harness.store.callReports.saveCallReport(report(`old-${i}`, 1_000 + i));
      const first = await harness.store.callReports.listCallReports({ limit: 2 });
      await harness.store.callReports.saveCallReport(report('newer', 9_000));
      const second = await harness.store.callReports.listCallReports({ limit: 2, before: first.next! });
      expect([...first.reports, ...second.reports].map((r) => r.callId)).toEqual([
        'old-3',
        'old-2',
        'old-1',
        'old-0',
      ]);
    });

    it.each(["'; DROP TABLE call_reports; --", 'bm90LWEtY3Vyc29y', '', '1.1', '%%%'])(
      'refuses the forged cursor %j with a 400 BadCursorError',
      async (before) => {
        await harness.store.callReports.saveCallReport(report('call-1', 1_000));
        const attempt = harness.store.callReports.listCallReports({ limit: 3, before });
        await expect(attempt).rejects.toBeInstanceOf(BadCursorError);
        await expect(attempt).rejects.toMatchObject({ status: 400 });
      },
    );
  });

  describe('published samples', () => {
    const turns = [
      { speaker: 'Receptionist' as const, text: 'Good morning, <clinic> & co.', start: 0.4, end: 2.9 },
      { speaker: 'Caller' as const, text: 'Hi 👋, a check-up please', start: 3.25, end: 5.5 },
    ];

    it('finds one report with its timed turns; lists leave the turns out', async () => {
      const withTurns = report('call-turns', 1_000, { recordingUrl: 'https://storage.vapi.ai/a.wav', turns });
      await harness.store.callReports.saveCallReport(withTurns);
      await harness.store.callReports.saveCallReport(report('call-bare', 2_000));
      expect(await harness.store.callReports.findCallReport('call-turns')).toEqual(withTurns);
      expect(await harness.store.callReports.findCallReport('call-bare')).toEqual({
        ...report('call-bare', 2_000),
        turns: null,
      });
      expect(await harness.store.callReports.findCallReport('call-none')).toBeUndefined();
      const { reports } = await harness.store.callReports.listCallReports({ limit: 10 });
      expect(reports.map((r) => r.turns)).toEqual([undefined, undefined]);
    });

    it('publishes, replaces, lists and unpublishes an industry’s sample, bytes intact', async () => {
      const samples = harness.store.publishedSamples;
      expect(await samples.listPublishedSamples()).toEqual([]);
      // Every byte value, so no text encoding on the way in or out can go unnoticed.
      const audio = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7 + (i >> 8)) % 256);
      const first = {
        industry: 'law-firms',
        callId: 'call-1',
        contentType: 'audio/wav',
        bytes: audio.length,
        consentBy: { id: 'user_admin', name: 'Ada “Owner”' },
        consentAt: 1_000,
        publishedAt: 1_001,
        audio,
        vtt: 'WEBVTT\n\nturn-1\n00:00:00.400 --> 00:00:02.900\n<v Receptionist>Hi &amp; welcome</v>\n',
      };
      await samples.publishSample(first);
      const found = await samples.findPublishedSample('law-firms');
      expect(found).toEqual(first);
      expect(Buffer.from(found!.audio).equals(Buffer.from(audio))).toBe(true);
      const { audio: _audio, vtt: _vtt, ...info } = first;
      expect(await samples.listPublishedSamples()).toEqual([info]);

      const replacement = {
        ...first,
        callId: 'call-2',
        audio: new Uint8Array([1, 2, 3]),
        bytes: 3,
        publishedAt: 2_000,
      };
      await samples.publishSample(replacement);
      await samples.publishSample({ ...first, industry: 'health-clinics' });
      expect(await samples.findPublishedSample('law-firms')).toEqual(replacement);
      expect((await samples.listPublishedSamples()).map((s) => [s.industry, s.callId, s.bytes])).toEqual([
        ['health-clinics', 'call-1', 70_000],
        ['law-firms', 'call-2', 3],
      ]);

      expect(await samples.unpublishSample('law-firms')).toBe(true);
      expect(await samples.unpublishSample('law-firms')).toBe(false);
      expect(await samples.findPublishedSample('law-firms')).toBeUndefined();
      expect((await samples.listPublishedSamples()).map((s) => s.industry)).toEqual(['health-clinics']);
    });
  });

  it('keeps sessions with absolute and idle expiry', async () => {
    const user = await harness.store.users.create({ name: 'A', email: 'a@example.com', password: hashed });
    const clock = { now: 1_000_000 };
    const sessions = new Sessions(harness.store, {
      policy: { absoluteMs: 10_000, idleMs: 4_000, cacheMs: 1_000 },
      now: () => clock.now,
    });
    const { token, expiresAt } = await sessions.start(user.id);
    expect(expiresAt).toBe(1_010_000);
    const stored = await harness.store.sessions.findSession(sessionIdOf(token));
    expect(stored).toMatchObject({ userId: user.id, createdAt: 1_000_000 });
    expect(JSON.stringify(stored)).not.toContain(token);
    for (const step of [3_000, 3_000, 3_000]) {
      clock.now += step;
      expect(await sessions.resolve(token)).toBeDefined();
    }
    clock.now += 1_500; // past the absolute lifetime
    expect(await sessions.resolve(token)).toBeUndefined();
    const idle = await sessions.start(user.id);
    clock.now += 4_000;
    expect(await sessions.resolve(idle.token)).toBeUndefined();
    const ended = await sessions.start(user.id);
    await sessions.end(ended.token);
    expect(await sessions.resolve(ended.token)).toBeUndefined();
    expect(await sessions.resolve('not-a-token')).toBeUndefined();
    // Housekeeping removes what is expired or idle and keeps what is live.
    const live = await sessions.start(user.id);
    const stale = await sessions.start(user.id);
    await harness.store.sessions.touchSession(sessionIdOf(live.token), clock.now + 3_000);
    clock.now += 4_001;
    expect(await sessions.sweep()).toBe(1);
    expect(await harness.store.sessions.findSession(sessionIdOf(stale.token))).toBeUndefined();
    expect(await harness.store.sessions.findSession(sessionIdOf(live.token))).toBeDefined();
  });
});

describe('Accounts re-hash', () => {
  it('still logs in when storing the new hash fails, and reports the failure', async () => {
    const harness = sqliteHarness();
    try {
      await harness.seed({ Name: 'Old', Email: 'old@example.com', Password: 'plain', Role: 'Client' });
      const failure = new Error('disk full');
      harness.store.users.setPassword = async () => {
        throw failure;
      };
      const reported: unknown[] = [];
      const accounts = new Accounts(harness.store, {
        scrypt: fastScrypt,
        onRehashError: (e) => reported.push(e),
      });
      expect(await accounts.authenticate('old@example.com', 'plain')).toMatchObject({ ok: true });
      expect(reported).toEqual([failure]);
    } finally {
      await harness.dispose();
    }
  });
});
