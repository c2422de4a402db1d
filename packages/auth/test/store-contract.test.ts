import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Accounts, INVALID_PASSWORD, USER_NOT_FOUND } from '../src/accounts.ts';
import { DuplicateEmailError, UserNotFoundError } from '../src/errors.ts';
import { isPasswordHash, verifyPassword } from '../src/password.ts';
import { airtableHarness, closeMsw, sqliteHarness, type StoreHarness } from './stores.ts';

const fastScrypt = { N: 1024, r: 8, p: 1 };
const hashed = 'scrypt$N=1024,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

afterAll(closeMsw);

describe.each([
  ['AirtableUserStore (msw)', () => airtableHarness()],
  ['SqliteUserStore (temp file)', () => sqliteHarness()],
])('UserStore contract: %s', (_name, makeHarness) => {
  let harness: StoreHarness;
  beforeEach(() => {
    harness = makeHarness();
  });
  afterEach(() => harness.dispose());

  it('starts empty', async () => {
    expect(await harness.store.list()).toEqual([]);
    expect(await harness.store.findByEmail('nobody@example.com')).toBeUndefined();
  });

  it('creates clients with Role Client and finds them by exact email', async () => {
    const created = await harness.store.create({ name: 'Ada', email: 'ada@example.com', password: hashed });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Ada',
      email: 'ada@example.com',
      role: 'Client',
    });
    expect(await harness.store.findByEmail('ada@example.com')).toEqual({ ...created, password: hashed });
    expect(await harness.store.findByEmail('ADA@example.com')).toBeUndefined();
    expect(await harness.store.findByEmail('ada@example.co')).toBeUndefined();
  });

  it('lists Name, Email and Role without passwords', async () => {
    const admin = await harness.store.createAdmin({
      name: 'Root',
      email: 'root@example.com',
      password: hashed,
    });
    const client = await harness.store.create({ name: 'Bo', email: 'bo@example.com', password: hashed });
    const list = await harness.store.list();
    expect(list).toEqual([admin, client]);
    expect(admin.role).toBe('Admin');
    for (const user of list) expect(Object.keys(user).sort()).toEqual(['email', 'id', 'name', 'role']);
  });

  it('refuses a duplicate email with a 409 DuplicateEmailError', async () => {
    await harness.store.create({ name: 'Ada', email: 'ada@example.com', password: hashed });
    const attempt = harness.store.create({ name: 'Other', email: 'ada@example.com', password: hashed });
    await expect(attempt).rejects.toBeInstanceOf(DuplicateEmailError);
    await expect(attempt).rejects.toMatchObject({
      status: 409,
      message: 'A user with the email ada@example.com already exists. Use a different email address.',
    });
    expect(await harness.store.list()).toHaveLength(1);
  });

  it.each(["x' , TRUE(), '", "' OR TRUE() OR '", "\\' OR TRUE() OR \\'", 'x\\', "a'b", '*', '%'])(
    'lookup of %j matches only a record with exactly that email',
    async (input) => {
      await harness.store.create({ name: 'Victim', email: 'victim@example.com', password: hashed });
      expect(await harness.store.findByEmail(input)).toBeUndefined();
      const odd = await harness.store.create({ name: 'Odd', email: input, password: hashed });
      expect(await harness.store.findByEmail(input)).toMatchObject({ id: odd.id, email: input });
    },
  );

  it('removes by id, and says so when the id is unknown', async () => {
    const client = await harness.store.create({ name: 'Ada', email: 'ada@example.com', password: hashed });
    await harness.store.remove(client.id);
    expect(await harness.store.findByEmail('ada@example.com')).toBeUndefined();
    const again = harness.store.remove(client.id);
    await expect(again).rejects.toBeInstanceOf(UserNotFoundError);
    await expect(again).rejects.toMatchObject({ status: 404 });
  });

  it('replaces a stored password', async () => {
    const client = await harness.store.create({ name: 'Ada', email: 'ada@example.com', password: 'old' });
    await harness.store.setPassword(client.id, hashed);
    expect((await harness.store.findByEmail('ada@example.com'))?.password).toBe(hashed);
  });

  describe('Accounts on this store', () => {
    let accounts: Accounts;
    beforeEach(() => {
      accounts = new Accounts(harness.store, { scrypt: fastScrypt });
    });

    it('adds clients with a hashed password and Role Client', async () => {
      const client = await accounts.addClient({
        name: 'Ada',
        email: 'ada@example.com',
        password: 'pa55word',
      });
      expect(client.role).toBe('Client');
      const record = await harness.store.findByEmail('ada@example.com');
      expect(record?.password).not.toContain('pa55word');
      expect(isPasswordHash(record!.password)).toBe(true);
    });

    it("answers the spec's messages", async () => {
      await accounts.addClient({ name: 'Ada', email: 'ada@example.com', password: 'pa55word' });
      expect(await accounts.authenticate('nobody@example.com', 'pa55word')).toEqual({
        ok: false,
        error: USER_NOT_FOUND,
      });
      expect(await accounts.authenticate('ada@example.com', 'wrong')).toEqual({
        ok: false,
        error: INVALID_PASSWORD,
      });
      expect(await accounts.authenticate('ada@example.com', 'pa55word')).toEqual({
        ok: true,
        user: { id: expect.any(String), name: 'Ada', email: 'ada@example.com', role: 'Client' },
      });
    });

    it('logs a legacy plain-text record in once and re-hashes it on that login', async () => {
      await harness.seed({ Name: 'Old', Email: 'old@example.com', Password: 'plain-secret', Role: 'Admin' });
      expect(await accounts.authenticate('old@example.com', 'plain-wrong')).toMatchObject({ ok: false });
      expect((await harness.store.findByEmail('old@example.com'))?.password).toBe('plain-secret');

      expect(await accounts.authenticate('old@example.com', 'plain-secret')).toMatchObject({
        ok: true,
        user: { role: 'Admin', name: 'Old' },
      });
      const stored = (await harness.store.findByEmail('old@example.com'))!.password;
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

    it('refreshes a session user only while the record still exists with the same id', async () => {
      const client = await accounts.addClient({
        name: 'Ada',
        email: 'ada@example.com',
        password: 'pa55word',
      });
      expect(await accounts.refresh(client)).toEqual(client);
      expect(await accounts.refresh({ id: 'other', email: client.email })).toBeUndefined();
      await accounts.remove(client.id);
      expect(await accounts.refresh(client)).toBeUndefined();
    });
  });
});

describe('Accounts re-hash', () => {
  it('still logs in when storing the new hash fails, and reports the failure', async () => {
    const harness = sqliteHarness();
    try {
      await harness.seed({ Name: 'Old', Email: 'old@example.com', Password: 'plain', Role: 'Client' });
      const failure = new Error('disk full');
      harness.store.setPassword = async () => {
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
