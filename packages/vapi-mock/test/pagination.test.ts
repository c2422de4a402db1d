import { beforeEach, describe, expect, it } from 'vitest';
import { Vapi } from '@voxdesk/sdk';
import { createFakeVapi } from '../src/index.ts';
import { api, BASE, useFakeVapi } from './helpers.ts';

const fake = useFakeVapi();

async function createAssistants(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push((await api('POST', '/assistant', { body: { name: `Assistant ${i}` } })).body.id);
  }
  return ids;
}

describe('v1 lists: limit + createdAt cursors, newest first', () => {
  it('walks 7 assistants in 3 pages of 3 with createdAtLt, with no duplicates or gaps', async () => {
    const ids = await createAssistants(7);
    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor = '';
    for (;;) {
      const page = await api('GET', `/assistant?limit=3${cursor}`);
      expect(page.status).toBe(200);
      pageSizes.push(page.body.length);
      seen.push(...page.body.map((a: { id: string }) => a.id));
      if (page.body.length < 3) break;
      cursor = `&createdAtLt=${encodeURIComponent(page.body.at(-1).createdAt)}`;
    }
    expect(pageSizes).toEqual([3, 3, 1]);
    expect(seen).toEqual([...ids].reverse());
  });

  it('honours the other date bounds', async () => {
    await createAssistants(3);
    const [newest, middle, oldest] = (await api('GET', '/assistant')).body;
    const at = (bound: string, record: { createdAt: string }) =>
      api('GET', `/assistant?${bound}=${encodeURIComponent(record.createdAt)}`).then((a) =>
        a.body.map((x: { id: string }) => x.id),
      );
    expect(await at('createdAtGt', middle)).toEqual([newest.id]);
    expect(await at('createdAtGe', middle)).toEqual([newest.id, middle.id]);
    expect(await at('createdAtLe', middle)).toEqual([middle.id, oldest.id]);
    expect(await at('updatedAtLt', middle)).toEqual([oldest.id]);
  });

  it('defaults to 100 and refuses limits over 1000 or malformed dates', async () => {
    for (let i = 0; i < 101; i += 1) {
      const record = { id: `id-${i}`, orgId: fake.state.orgId, createdAt: new Date(i * 1000).toISOString() };
      fake.state.calls.set(record.id, { ...record, updatedAt: record.createdAt });
    }
    expect((await api('GET', '/call')).body).toHaveLength(100);
    expect((await api('GET', '/call?limit=1000')).body).toHaveLength(101);
    expect((await api('GET', '/call?limit=1001')).body).toEqual({
      message: ['limit must not be greater than 1000'],
      error: 'Bad Request',
      statusCode: 400,
    });
    expect((await api('GET', '/call?limit=ten')).body.message).toEqual([
      'limit must be a number conforming to the specified constraints',
    ]);
    expect((await api('GET', '/call?createdAtLt=yesterday')).body.message).toEqual([
      'createdAtLt must be a valid ISO 8601 date string',
    ]);
  });
});

describe('page-based lists: {results, metadata}', () => {
  it('pages through /v2/assistant across 3 pages', async () => {
    const ids = await createAssistants(7);
    const seen: string[] = [];
    const metas: unknown[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await api('GET', `/v2/assistant?page=${page}&limit=3`);
      seen.push(...answer.body.results.map((a: { id: string }) => a.id));
      metas.push(answer.body.metadata);
      if (!answer.body.metadata.hasNextPage) break;
    }
    expect(seen).toEqual([...ids].reverse());
    expect(metas).toEqual(
      [1, 2, 3].map((currentPage) => ({
        itemsPerPage: 3,
        totalItems: 7,
        currentPage,
        totalPages: 3,
        hasNextPage: currentPage < 3,
      })),
    );
  });

  it('sorts oldest first with sortOrder=ASC and pages stored sessions', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1)
      created.push((await api('POST', '/session', { body: { name: `s${i}` } })).body.id);
    const first = await api('GET', '/session?limit=2&sortOrder=ASC');
    expect(first.body.results.map((s: { id: string }) => s.id)).toEqual(created.slice(0, 2));
    const last = await api('GET', '/session?limit=2&page=3&sortOrder=ASC');
    expect(last.body.results.map((s: { id: string }) => s.id)).toEqual(created.slice(4));
    expect(last.body.metadata).toMatchObject({ currentPage: 3, totalPages: 3, hasNextPage: false });
  });

  it('answers an empty page past the end and refuses bad paging input', async () => {
    expect((await api('GET', '/chat?page=4')).body).toEqual({
      results: [],
      metadata: { itemsPerPage: 100, totalItems: 0, currentPage: 4, totalPages: 0, hasNextPage: false },
    });
    expect((await api('GET', '/campaign?page=0')).body.message).toEqual(['page must not be less than 1']);
    expect((await api('GET', '/campaign?sortOrder=NEWEST')).body.message).toEqual([
      'sortOrder must be one of the following values: ASC, DESC',
    ]);
  });
});

describe('records created in the same millisecond (sameMillisecond)', () => {
  // Three records per millisecond: the burst a pager's cursor must not split.
  const tied = createFakeVapi({ sameMillisecond: 3 });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const get = async (path: string): Promise<any> => (await tied.fetch(new Request(`${BASE}${path}`))).json();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const post = async (path: string, body: unknown): Promise<any> =>
    (
      await tied.fetch(
        new Request(`${BASE}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    ).json();
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  const sorted = (rows: Array<{ id: string }>) => ids(rows).sort();

  beforeEach(() => tied.reset());

  it('stamps that many records in a row with one createdAt', async () => {
    const made: Array<{ createdAt: string }> = [];
    for (let i = 0; i < 7; i += 1) made.push(await post('/assistant', { name: `A${i}` }));
    const times = made.map((record) => record.createdAt);
    expect(new Set(times.slice(0, 3)).size).toBe(1);
    expect(new Set(times.slice(3, 6)).size).toBe(1);
    expect(times[3]! > times[0]!).toBe(true);
    expect(times[6]! > times[3]!).toBe(true);
  });

  it('applies createdAt Gt/Ge/Lt/Le and limit exactly, newest first', async () => {
    const made: Array<{ id: string; createdAt: string }> = [];
    for (let i = 0; i < 9; i += 1) made.push(await post('/assistant', { name: `A${i}` }));
    const middle = encodeURIComponent(made[3]!.createdAt); // records 3, 4, 5
    expect(sorted(await get(`/assistant?createdAtGe=${middle}&createdAtLe=${middle}`))).toEqual(
      sorted(made.slice(3, 6)),
    );
    expect(sorted(await get(`/assistant?createdAtLt=${middle}`))).toEqual(sorted(made.slice(0, 3)));
    expect(sorted(await get(`/assistant?createdAtGt=${middle}`))).toEqual(sorted(made.slice(6)));
    expect(sorted(await get(`/assistant?createdAtLe=${middle}`))).toEqual(sorted(made.slice(0, 6)));
    const two = await get(`/assistant?createdAtGe=${middle}&limit=2`);
    expect(two).toHaveLength(2);
    // Newest first: the limit keeps two of the newest millisecond.
    expect(sorted(made.slice(6)).includes(two[0].id)).toBe(true);
    expect(sorted(made.slice(6)).includes(two[1].id)).toBe(true);
  });

  it('lets the SDK pager walk 23 records in bursts of 3 with limit 2, losing none', async () => {
    tied.reset();
    const made: string[] = [];
    for (let i = 0; i < 23; i += 1) made.push((await post('/tool', { type: 'endCall' })).id);
    const vapi = new Vapi({
      token: 'sk',
      baseUrl: BASE,
      fetch: (input, init) => tied.fetch(new Request(input, init)),
      retry: { limit: 0 },
    });
    const seen: string[] = [];
    for await (const tool of vapi.tools.iterate({ limit: 2 })) seen.push(tool.id);
    expect(seen).toHaveLength(23);
    expect([...seen].sort()).toEqual([...made].sort());
  });

  it('orders a tied millisecond differently from one request to the next', async () => {
    for (let i = 0; i < 3; i += 1) await post('/assistant', { name: `A${i}` });
    const first = ids(await get('/assistant'));
    const second = ids(await get('/assistant'));
    expect(second).toEqual([...first].reverse());
  });
});

describe('page faults', () => {
  it('repeat: serves page 1 whatever page was asked, claiming a next page', async () => {
    for (let i = 0; i < 5; i += 1) await api('POST', '/session', { body: { name: `s${i}` } });
    const first = await api('GET', '/session?limit=2');
    fake.failNext(1, { page: 'repeat', path: '/session' });
    const repeated = await api('GET', '/session?limit=2&page=3');
    expect(repeated.body).toEqual(first.body);
    expect(repeated.body.metadata).toMatchObject({ currentPage: 1, hasNextPage: true });
    expect((await api('GET', '/session?limit=2&page=3')).body.metadata.currentPage).toBe(3);
  });

  it('stale: the right rows with metadata stuck on page 1 and a next page', async () => {
    for (let i = 0; i < 5; i += 1) await api('POST', '/session', { body: { name: `s${i}` } });
    const honest = await api('GET', '/session?limit=2&page=3');
    fake.failNext(1, { page: 'stale' });
    const stale = await api('GET', '/session?limit=2&page=3');
    expect(stale.body.results).toEqual(honest.body.results);
    expect(stale.body.metadata).toEqual({ ...honest.body.metadata, currentPage: 1, hasNextPage: true });
  });

  it('refuses a page fault it cannot act out', () => {
    expect(() => fake.failNext(1, { page: 'loop' as never })).toThrow(
      `failNext: page must be 'repeat' or 'stale', got "loop".`,
    );
    expect(() => fake.failNext(1, { page: 'repeat', status: 500 })).toThrow('drop status and networkError');
  });
});
