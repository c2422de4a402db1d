import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { AirtableUserStore } from '../src/airtable-store.ts';
import { RateLimiter } from '../src/rate-limit.ts';
import { STORE_AUTH_FAILED, UserStoreError } from '../src/errors.ts';
import { fieldEquals, formulaString } from '../src/formula.ts';
import { parseEqualsFormula } from '../src/testing/fake-airtable.ts';
import { airtableHarness, closeMsw, server } from './stores.ts';

afterAll(closeMsw);

const hashed = 'scrypt$N=1024,r=8,p=1$AAAA$AAAA';

describe('Airtable formula escaping', () => {
  it.each(["x' , TRUE(), '", "\\' OR TRUE() OR '", 'a\\', "'", "\\\\'", 'plain@example.com'])(
    'round-trips %j as one string literal',
    (value) => {
      expect(parseEqualsFormula(fieldEquals('Email', value))).toEqual({ field: 'Email', value });
    },
  );

  it('escapes backslashes before quotes', () => {
    expect(formulaString("a\\'b")).toBe("'a\\\\\\'b'");
  });

  it('an unescaped value would have broken out of the literal (the test formula parser is strict)', () => {
    expect(parseEqualsFormula(`{Email} = 'x' , TRUE(), ''`)).toBeUndefined();
  });

  it('refuses field names that are not plain', () => {
    expect(() => fieldEquals('Email} = 1 OR {x', 'a')).toThrow('Unsupported Airtable field name');
  });
});

describe('AirtableUserStore over REST', () => {
  it('sends the exact-email formula and reads the first page only', async () => {
    const { store, fake } = airtableHarness();
    await store.users.findByEmail("o'neil@example.com");
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe(`/v0/${fake.baseId}/${fake.tableId}`);
    expect(request.url.searchParams.get('filterByFormula')).toBe("{Email} = 'o\\'neil@example.com'");
    expect(request.url.searchParams.get('maxRecords')).toBe('1');
  });

  it('lists Name, Email and Role only, following offsets across pages', async () => {
    const { store, fake } = airtableHarness({ pageSize: 2 });
    for (let i = 0; i < 5; i++)
      await store.users.create({ name: `U${i}`, email: `u${i}@example.com`, password: hashed });
    fake.requests.length = 0;
    const users = await store.users.list();
    expect(users.map((user) => user.name)).toEqual(['U0', 'U1', 'U2', 'U3', 'U4']);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[0]!.url.searchParams.getAll('fields[]')).toEqual(['Name', 'Email', 'Role']);
  });

  it('creates records with the four spec fields and Role Client', async () => {
    const { store, fake } = airtableHarness();
    await store.users.create({ name: 'Ada', email: 'ada@example.com', password: hashed });
    const post = fake.requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({
      fields: { Name: 'Ada', Email: 'ada@example.com', Password: hashed, Role: 'Client' },
    });
  });

  it("turns a 401 into the spec's message, as an Error", async () => {
    const { fake } = airtableHarness();
    const store = new AirtableUserStore({
      baseId: fake.baseId,
      tableId: fake.tableId,
      token: 'patWrong',
      endpointUrl: fake.endpointUrl,
      limiter: new RateLimiter({ perSecond: 1_000, maxQueue: 1_000, sleep: async () => {} }),
    });
    const attempt = store.findByEmail('a@example.com');
    await expect(attempt).rejects.toBeInstanceOf(UserStoreError);
    await expect(attempt).rejects.toBeInstanceOf(Error);
    await expect(attempt).rejects.toMatchObject({ message: STORE_AUTH_FAILED, status: 502 });
  });

  it('retries a 429 with bounded backoff and then succeeds', async () => {
    const { fake } = airtableHarness();
    const delays: number[] = [];
    const store = new AirtableUserStore({
      baseId: fake.baseId,
      tableId: fake.tableId,
      token: fake.token,
      endpointUrl: fake.endpointUrl,
      limiter: new RateLimiter({ perSecond: 1_000, maxQueue: 1_000, sleep: async () => {} }),
      backoff: {
        retries: 4,
        baseDelayMs: 200,
        maxDelayMs: 2000,
        sleep: async (ms) => void delays.push(ms),
        random: () => 1,
      },
    });
    fake.rateLimitNext(3);
    expect(await store.list()).toEqual([]);
    expect(fake.requests).toHaveLength(4);
    expect(delays).toEqual([200, 400, 800]);
  });

  it('gives up after the retry budget with a clear busy message', async () => {
    const { store, fake } = airtableHarness();
    fake.rateLimitNext(1000);
    await expect(store.users.list()).rejects.toMatchObject({
      name: 'UserStoreError',
      status: 503,
      message: 'The user table is busy. Please try again in a few seconds.',
    });
    expect(fake.requests).toHaveLength(4); // noWait: 3 retries after the first attempt
  });

  it('wraps a missing table (404) and other errors with their detail', async () => {
    const { fake } = airtableHarness();
    const store = new AirtableUserStore({
      baseId: fake.baseId,
      tableId: 'tblMissing',
      token: fake.token,
      endpointUrl: fake.endpointUrl,
      limiter: new RateLimiter({ perSecond: 1_000, maxQueue: 1_000, sleep: async () => {} }),
    });
    await expect(store.list()).rejects.toMatchObject({
      status: 502,
      message: 'Could not load the users in Airtable: Could not find table tblMissing in application',
    });
  });

  it('wraps network failures', async () => {
    airtableHarness();
    server.use(http.get('http://127.0.0.1:1/*', () => HttpResponse.error()));
    const store = new AirtableUserStore({
      baseId: 'app1',
      tableId: 'tbl1',
      token: 'pat',
      endpointUrl: 'http://127.0.0.1:1',
      backoff: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const attempt = store.findByEmail('a@example.com');
    await expect(attempt).rejects.toBeInstanceOf(UserStoreError);
    await expect(attempt).rejects.toMatchObject({ status: 502 });
  });

  it('stays under a base that enforces 5 requests/s: 12 lookups at once, no 429', async () => {
    const { fake } = airtableHarness({ perSecond: 5 });
    const store = new AirtableUserStore({
      baseId: fake.baseId,
      tableId: fake.tableId,
      token: fake.token,
      endpointUrl: fake.endpointUrl,
      limiter: new RateLimiter({ perSecond: 4, maxQueue: 40 }),
    });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => store.findByEmail(`u${i}@example.com`)),
    );
    expect(results).toEqual(Array.from({ length: 12 }, () => undefined));
    expect(fake.requests).toHaveLength(12);
    expect(fake.refusedForRate).toBe(0);
  }, 10_000);
});
