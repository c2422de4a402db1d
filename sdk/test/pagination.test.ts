import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paginate, Vapi, VapiPaginationError } from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();
const vapi = new Vapi({ token: 'sk', baseUrl: BASE });

// Seven calls, newest first, one second apart.
const calls = Array.from({ length: 7 }, (_, i) => ({
  id: `call_${7 - i}`,
  createdAt: new Date(Date.UTC(2026, 5, 1, 0, 0, 7 - i)).toISOString(),
}));

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * A v1 list as Vapi serves it: createdAt{Gt,Ge,Lt,Le} bounds, newest first, `limit` (≤ 1000).
 * Items sharing a millisecond come back in a different order on every request, as a
 * database without a tie-breaker may return them.
 */
function v1List(records: ReadonlyArray<{ id: string; createdAt: string }>, log: URLSearchParams[] = []) {
  let request = 0;
  return ({ request: req }: { request: Request }) => {
    const q = new URL(req.url).searchParams;
    log.push(q);
    const limit = Number(q.get('limit') ?? 100);
    if (limit > 1000)
      return HttpResponse.json({ message: ['limit must not be greater than 1000'] }, { status: 400 });
    const at = (key: string) => (q.has(key) ? Date.parse(q.get(key)!) : undefined);
    const [gt, ge, lt, le] = ['createdAtGt', 'createdAtGe', 'createdAtLt', 'createdAtLe'].map(at);
    const flip = request++ % 2 === 0 ? 1 : -1;
    const rows = records
      .map((r) => ({ r, t: Date.parse(r.createdAt) }))
      .filter(({ t }) => (gt === undefined || t > gt) && (ge === undefined || t >= ge))
      .filter(({ t }) => (lt === undefined || t < lt) && (le === undefined || t <= le))
      .sort((a, b) => b.t - a.t || flip * a.r.id.localeCompare(b.r.id))
      .map(({ r }) => r);
    return HttpResponse.json(rows.slice(0, limit));
  };
}

/** `count` records newest first; `groups` of consecutive indexes share one millisecond. */
function stamped(count: number, groups: Array<[number, number]> = []) {
  return Array.from({ length: count }, (_, i) => {
    const group = groups.find(([from, to]) => i >= from && i <= to);
    const second = count - (group ? group[0] : i);
    return {
      id: `rec_${String(count - i).padStart(4, '0')}`,
      createdAt: new Date(Date.UTC(2026, 5, 1, 0, 0, 0) + second * 1000).toISOString(),
    };
  });
}

const sortedIds = (items: Array<{ id: string }>) => items.map((c) => c.id).sort();

describe('v1 lists: limit + createdAt cursor', () => {
  it('walks the pages with no duplicates or gaps, keeping the caller filters', async () => {
    const queries: string[] = [];
    const log: URLSearchParams[] = [];
    const list = v1List(calls, log);
    server.use(
      http.get(`${BASE}/call`, (info) => {
        queries.push(new URL(info.request.url).searchParams.toString());
        return list(info);
      }),
    );
    const seen = await collect(vapi.calls.iterate({ limit: 3, assistantId: 'asst_1' }));
    expect(seen.map((c) => c.id)).toEqual(calls.map((c) => c.id));
    // Each page asks for the last millisecond again (createdAtLe): it may hold more items.
    expect(queries).toEqual([
      'limit=3&assistantId=asst_1',
      `limit=3&assistantId=asst_1&createdAtLe=${encodeURIComponent(calls[2]!.createdAt)}`,
      `limit=3&assistantId=asst_1&createdAtLe=${encodeURIComponent(calls[4]!.createdAt)}`,
      `limit=3&assistantId=asst_1&createdAtLe=${encodeURIComponent(calls[6]!.createdAt)}`,
    ]);
  });

  it('loses no item when several share the boundary millisecond', async () => {
    // Items 3, 4 and 5 were created in the same millisecond; page one ends inside that group.
    const tied = calls.map((c, i) => (i >= 2 && i <= 4 ? { ...c, createdAt: calls[2]!.createdAt } : c));
    server.use(http.get(`${BASE}/tool`, v1List(tied)));
    const seen = await collect(vapi.tools.iterate({ limit: 3 }));
    expect(sortedIds(seen)).toEqual(sortedIds(tied));
    expect(seen).toHaveLength(7);
  });

  it('loses no item when more share one millisecond than fit on a page (7 records, 3 tied, limit 2)', async () => {
    const tied = calls.map((c, i) => (i >= 2 && i <= 4 ? { ...c, createdAt: calls[2]!.createdAt } : c));
    const log: URLSearchParams[] = [];
    server.use(http.get(`${BASE}/tool`, v1List(tied, log)));
    const seen = await collect(vapi.tools.iterate({ limit: 2 }));
    expect(seen).toHaveLength(7);
    expect(sortedIds(seen)).toEqual(sortedIds(tied));
    // The tied millisecond was read alone, at the largest limit.
    const alone = log.find((q) => q.get('createdAtGe') !== null);
    expect(alone?.get('createdAtGe')).toBe(calls[2]!.createdAt);
    expect(alone?.get('createdAtLe')).toBe(calls[2]!.createdAt);
    expect(alone?.get('limit')).toBe('1000');
  });

  it('yields every item when 999 share one millisecond, with pages of 50', async () => {
    // 999 in one millisecond: one read of that millisecond holds them all.
    const many = stamped(1203, [[100, 1098]]);
    server.use(http.get(`${BASE}/assistant`, v1List(many)));
    const seen = await collect(vapi.assistants.iterate({ limit: 50 }));
    expect(seen).toHaveLength(1203);
    expect(new Set(seen.map((s) => s.id)).size).toBe(1203);
  });

  it('throws VapiPaginationError when 1000 or more share one millisecond (the documented limit)', async () => {
    const many = stamped(1010, [[0, 1009]]);
    server.use(http.get(`${BASE}/assistant`, v1List(many)));
    const seen: unknown[] = [];
    const walk = async () => {
      for await (const item of vapi.assistants.iterate({ limit: 100 })) seen.push(item);
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiPaginationError);
    expect((error as VapiPaginationError).reason).toBe('millisecond-overflow');
    expect((error as Error).message).toContain('1000 or more items were created in the millisecond');
    // What it yielded before the error is distinct; it cannot tell whether any are missing.
    expect(seen.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(seen.map((s) => (s as { id: string }).id)).size).toBe(seen.length);
  });

  it("keeps the caller's own createdAt bounds in every request", async () => {
    const tied = stamped(9, [[3, 6]]);
    const log: URLSearchParams[] = [];
    server.use(http.get(`${BASE}/squad`, v1List(tied, log)));
    // Only records 2…7 (newest first: indexes 1…6) are inside the caller's bounds.
    const query = { limit: 2, createdAtLt: tied[0]!.createdAt, createdAtGe: tied[6]!.createdAt };
    const seen = await collect(vapi.squads.iterate(query));
    expect(sortedIds(seen)).toEqual(sortedIds(tied.slice(1, 7)));
    // Ours replace the caller's bounds only where they are tighter.
    for (const q of log) {
      expect(Date.parse(q.get('createdAtLt')!)).toBeLessThanOrEqual(Date.parse(tied[0]!.createdAt));
      expect(Date.parse(q.get('createdAtGe')!)).toBeGreaterThanOrEqual(Date.parse(tied[6]!.createdAt));
    }
  });

  it('skips an item the server repeats across a page boundary', async () => {
    // A server comparing with <= instead of < would hand call_5 back on page two.
    server.use(
      http.get(`${BASE}/assistant`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        const lt = q.get('createdAtLt') ?? q.get('createdAtLe');
        const rows = calls.filter((c) => !lt || c.createdAt <= lt).slice(0, 3);
        return HttpResponse.json(rows);
      }),
    );
    const seen = await collect(vapi.assistants.iterate({ limit: 3 }));
    expect(seen.map((c) => c.id)).toEqual(calls.map((c) => c.id));
  });

  it('throws instead of looping when the server ignores the cursor', async () => {
    let requests = 0;
    server.use(
      http.get(`${BASE}/assistant`, () => {
        requests++;
        return requests > 50 ? HttpResponse.json([]) : HttpResponse.json(calls.slice(0, 3));
      }),
    );
    await expect(collect(vapi.assistants.iterate({ limit: 3 }))).rejects.toMatchObject({
      name: 'VapiPaginationError',
      reason: 'no-progress',
    });
    expect(requests).toBe(2);
  });

  it('stops on a short page without another request', async () => {
    let requests = 0;
    server.use(
      http.get(`${BASE}/squad`, () => {
        requests++;
        return HttpResponse.json(calls.slice(0, 2));
      }),
    );
    expect(await collect(vapi.squads.iterate())).toHaveLength(2);
    expect(requests).toBe(1);
  });

  it('refuses a limit Vapi would refuse, before any request', async () => {
    await expect(collect(vapi.squads.iterate({ limit: 1001 }))).rejects.toThrow(
      'limit must be an integer from 1 to 1000, got 1001.',
    );
    await expect(collect(vapi.squads.iterate({ limit: 0 }))).rejects.toThrow('limit must be an integer');
  });
});

describe('paginate: the public pager over any fetchPage', () => {
  it('stops at maxItems without fetching another page', async () => {
    const log: URLSearchParams[] = [];
    const list = v1List(stamped(10, [[2, 5]]), log);
    const fetchPage = async (query: Record<string, unknown>) => {
      const url = new URL(`${BASE}/x`);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
      return (await list({ request: new Request(url) }).json()) as unknown;
    };
    const seen = await collect(paginate<{ id: string }>('v1', fetchPage, { limit: 3 }, { maxItems: 4 }));
    expect(seen).toHaveLength(4);
    expect(log).toHaveLength(2);
    await expect(collect(paginate('v2' as never, fetchPage, {}))).rejects.toThrow(
      "paginate: kind must be 'v1' or 'pages', got v2.",
    );
  });
});

describe('paginate: onEnd says whether more exist', () => {
  /** A fetchPage over the v1 fake, and the requests it made. */
  function v1Fetch(records: ReturnType<typeof stamped>) {
    const log: URLSearchParams[] = [];
    const list = v1List(records, log);
    const fetchPage = async (query: Record<string, unknown>) => {
      const url = new URL(`${BASE}/x`);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
      return (await list({ request: new Request(url) }).json()) as unknown;
    };
    return { fetchPage, log };
  }

  async function ended(...args: Parameters<typeof paginate>) {
    const ends: unknown[] = [];
    const items = await collect(
      paginate(args[0], args[1], args[2], { ...args[3], onEnd: (e) => ends.push(e) }),
    );
    return { items, ends };
  }

  it('v1: an item left on the page means more; a short page means no more; a full page that ends at maxItems cannot tell', async () => {
    const { fetchPage } = v1Fetch(stamped(5));
    expect((await ended('v1', fetchPage, { limit: 3 }, { maxItems: 2 })).ends).toEqual([
      { items: 2, more: true },
    ]);
    expect((await ended('v1', fetchPage, { limit: 3 }, { maxItems: 9 })).ends).toEqual([
      { items: 5, more: false },
    ]);
    expect((await ended('v1', fetchPage, { limit: 3 }, { maxItems: 3 })).ends).toEqual([
      { items: 3, more: undefined },
    ]);
    expect((await ended('v1', fetchPage, { limit: 5 }, { maxItems: 5 })).ends).toEqual([
      { items: 5, more: undefined },
    ]);
    expect((await ended('v1', fetchPage, { limit: 6 }, { maxItems: 5 })).ends).toEqual([
      { items: 5, more: false },
    ]);
  });

  it('v1: stopping inside a millisecond read alone still knows its leftovers', async () => {
    // rec_0006..rec_0002 share one millisecond; a page of 2 ends inside it.
    const { fetchPage, log } = v1Fetch(stamped(6, [[0, 4]]));
    const { items, ends } = await ended('v1', fetchPage, { limit: 2 }, { maxItems: 3 });
    expect(items).toHaveLength(3);
    expect(ends).toEqual([{ items: 3, more: true }]);
    expect(log.at(-1)?.get('createdAtGe')).toBe(log.at(-1)?.get('createdAtLe'));
  });

  it('pages: the metadata or a leftover item decides', async () => {
    const pageOf = (n: number, hasNextPage: boolean) => ({
      results: calls.slice((n - 1) * 3, n * 3),
      metadata: { itemsPerPage: 3, currentPage: n, hasNextPage },
    });
    const fetchPage = async (q: Record<string, unknown>) => pageOf(Number(q.page), Number(q.page) < 3);
    expect((await ended('pages', fetchPage, {}, { maxItems: 2 })).ends).toEqual([{ items: 2, more: true }]);
    expect((await ended('pages', fetchPage, {}, { maxItems: 3 })).ends).toEqual([{ items: 3, more: true }]);
    expect((await ended('pages', fetchPage, {})).ends).toEqual([{ items: 7, more: false }]);
  });

  it('is not called when the caller stops early', async () => {
    const { fetchPage } = v1Fetch(stamped(5));
    const ends: unknown[] = [];
    for await (const item of paginate('v1', fetchPage, { limit: 2 }, { onEnd: (e) => ends.push(e) })) {
      if (item) break;
    }
    expect(ends).toEqual([]);
  });
});

describe('page-based lists: page, {results, metadata}', () => {
  const page = (n: number, size: number, metadata: object) => ({
    results: calls.slice((n - 1) * size, n * size),
    metadata: { itemsPerPage: size, currentPage: n, ...metadata },
  });

  it('walks three pages by hasNextPage', async () => {
    const pages: string[] = [];
    server.use(
      http.get(`${BASE}/chat`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        pages.push(q.toString());
        const n = Number(q.get('page'));
        return HttpResponse.json(page(n, 3, { hasNextPage: n < 3 }));
      }),
    );
    const seen = await collect(vapi.chats.iterate({ limit: 3, sortOrder: 'DESC' }));
    expect(seen.map((c) => c.id)).toEqual(calls.map((c) => c.id));
    expect(pages).toEqual([
      'limit=3&sortOrder=DESC&page=1',
      'limit=3&sortOrder=DESC&page=2',
      'limit=3&sortOrder=DESC&page=3',
    ]);
  });

  it('walks by totalPages or totalItems when hasNextPage is absent, with path parameters', async () => {
    server.use(
      http.get(`${BASE}/provider/:provider/:resource`, ({ request, params }) => {
        expect(params).toEqual({ provider: 'cartesia', resource: 'pronunciation-dictionary' });
        const n = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(page(n, 3, { totalItems: 7 }));
      }),
      http.get(`${BASE}/v2/phone-number`, ({ request }) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(page(n, 3, { totalPages: 3, totalItems: 7 }));
      }),
    );
    const resources = await collect(vapi.providerResources.iterate('cartesia', 'pronunciation-dictionary'));
    expect(resources.map((r) => (r as { id: string }).id)).toEqual(calls.map((c) => c.id));
    const numbers = await collect(vapi.v2.phoneNumbers.iterate());
    expect(numbers.map((r) => (r as { id: string }).id)).toEqual(calls.map((c) => c.id));
  });

  it('never yields an item twice when new items shift the pages', async () => {
    server.use(
      http.get(`${BASE}/campaign`, ({ request }) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        // Page 2 starts one item early, as if a campaign had been created meanwhile.
        const start = n === 1 ? 0 : (n - 1) * 3 - 1;
        return HttpResponse.json({
          results: calls.slice(start, start + 3),
          metadata: { itemsPerPage: 3, currentPage: n, totalItems: 8 },
        });
      }),
    );
    const seen = await collect(vapi.campaigns.iterate());
    expect(seen.map((c) => (c as { id: string }).id)).toEqual(calls.map((c) => c.id));
  });

  it('throws instead of looping when the server repeats a page', async () => {
    let requests = 0;
    server.use(
      http.get(`${BASE}/chat`, () => {
        requests++;
        // Bounded so the old pager ends too: it asked for the same page 9,684 times in 3 s.
        if (requests > 50) return HttpResponse.json(page(1, 3, { hasNextPage: false }));
        return HttpResponse.json(page(1, 3, { hasNextPage: true }));
      }),
    );
    await expect(collect(vapi.chats.iterate())).rejects.toMatchObject({
      name: 'VapiPaginationError',
      reason: 'no-progress',
      message: expect.stringContaining('page 2 repeated items already seen'),
    });
    expect(requests).toBe(2);
  });

  it('follows its own page count when the server reports a stale currentPage', async () => {
    const asked: number[] = [];
    server.use(
      http.get(`${BASE}/session`, ({ request }) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        asked.push(n);
        if (asked.length > 50) return HttpResponse.json({ results: [], metadata: {} });
        // Right rows, but metadata stuck on page 1 with a next page until the last.
        return HttpResponse.json({ ...page(n, 3, {}), metadata: { currentPage: 1, hasNextPage: n < 3 } });
      }),
    );
    const seen = await collect(vapi.sessions.iterate());
    expect(seen.map((c) => (c as { id: string }).id)).toEqual(calls.map((c) => c.id));
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at maxItems through paginate', async () => {
    let requests = 0;
    const fetchPage = async (q: Record<string, unknown>) => {
      requests++;
      return page(Number(q.page), 3, { hasNextPage: true });
    };
    const seen = await collect(paginate('pages', fetchPage, {}, { maxItems: 5 }));
    expect(seen).toHaveLength(5);
    expect(requests).toBe(2);
  });

  it('says what was wrong when a page has the wrong shape', async () => {
    server.use(http.get(`${BASE}/eval`, () => HttpResponse.json([{ id: 'x' }])));
    await expect(collect(vapi.evals.iterate())).rejects.toThrow(
      'unexpected response from GET /eval: expected a JSON page { results, metadata }, got a JSON array',
    );
  });
});

describe('paginate over a user fetchPage: wrong shapes, metadata fallbacks, loop guards (issue 27)', () => {
  type Row = { id?: unknown; createdAt?: unknown; v?: number } | null | undefined;
  /** A fetchPage answering each page in turn (then the last again), recording each query. */
  function pagesOf(...answers: unknown[]) {
    const queries: Record<string, unknown>[] = [];
    const fetchPage = async (query: Record<string, unknown>) => {
      queries.push(query);
      return answers[Math.min(queries.length - 1, answers.length - 1)];
    };
    return { fetchPage, queries };
  }
  const at = (second: number) => new Date(Date.UTC(2026, 5, 1, 0, 0, second)).toISOString();
  const row = (id: string, second: number): Row => ({ id, createdAt: at(second) });
  async function walk(
    kind: 'v1' | 'pages',
    fetchPage: (q: Record<string, unknown>) => Promise<unknown>,
    query = {},
    options = {},
  ) {
    const items: Row[] = [];
    const ends: unknown[] = [];
    let error: unknown;
    try {
      for await (const item of paginate<Row>(kind, fetchPage, query, {
        ...options,
        onEnd: (e) => ends.push(e),
      }))
        items.push(item);
    } catch (e) {
      error = e;
    }
    return { items, ends, error: error as VapiPaginationError | RangeError | undefined };
  }

  it('v1: a page that is not an array is a shape error quoting (at most 100 characters of) the answer', async () => {
    const { error } = await walk('v1', pagesOf({ data: [] }).fetchPage);
    expect(error).toBeInstanceOf(VapiPaginationError);
    expect(error).toMatchObject({
      reason: 'shape',
      message: 'Pagination expected an array but the server answered {"data":[]}.',
    });
    const long = await walk('v1', pagesOf({ data: 'x'.repeat(500) }).fetchPage);
    expect(long.error?.message).toBe(
      `Pagination expected an array but the server answered {"data":"${'x'.repeat(91)}.`,
    );
    const nothing = await walk('v1', pagesOf(undefined).fetchPage);
    expect(nothing.error?.message).toBe('Pagination expected an array but the server answered undefined.');
  });

  it('v1: a full page whose items lack a createdAt string to page by is a shape error, not a wrong cursor', async () => {
    for (const last of [
      { id: 'b' },
      { id: 'b', createdAt: 1_780_000_000_000 },
      { id: 'b', createdAt: 'yesterday' },
      null,
    ]) {
      const { error, items } = await walk('v1', pagesOf([row('a', 9), last]).fetchPage, { limit: 2 });
      expect(items).toHaveLength(2);
      expect(error).toBeInstanceOf(VapiPaginationError);
      expect(error).toMatchObject({
        reason: 'shape',
        message: `Pagination expected items with a createdAt timestamp to page by but the server answered ${JSON.stringify(last)}.`,
      });
    }
  });

  it('v1: passes items through as they are, null and id-less ones included, on a short page', async () => {
    const page = [null, { name: 'no id' }, row('c', 3)];
    const { items, ends } = await walk('v1', pagesOf(page).fetchPage, { limit: 5 });
    expect(items).toEqual(page);
    expect(ends).toEqual([{ items: 3, more: false }]);
  });

  it('v1: an id-less item in the millisecond a page ends in is never skipped (no id says it was seen)', async () => {
    // Page one ends inside second 2; the next reads of second 2 bring its id-less items again.
    const [first, second] = [
      { createdAt: at(2), v: 1 },
      { createdAt: at(2), v: 2 },
    ];
    const tied = [first, second];
    const { fetchPage, queries } = pagesOf([row('a', 3), first], tied, tied, [row('d', 1)]);
    const { items, error } = await walk('v1', fetchPage, { limit: 2 });
    expect(error).toBeUndefined();
    expect(queries).toHaveLength(4);
    expect(items).toContain(second);
    expect(items.at(-1)).toEqual(row('d', 1));
  });

  it('v1: onEnd at maxItems counts only items not yet handed out as "more"', async () => {
    // Page two repeats b (already yielded from the edge millisecond) after c: nothing new is left.
    const repeated = pagesOf([row('a', 9), row('b', 5)], [row('c', 5), row('b', 5)]);
    expect((await walk('v1', repeated.fetchPage, { limit: 2 }, { maxItems: 3 })).ends).toEqual([
      { items: 3, more: undefined },
    ]);
    // A null left on the page is an item not handed out: more.
    const withNull = pagesOf([row('a', 9), null, row('c', 1)]);
    expect((await walk('v1', withNull.fetchPage, { limit: 5 }, { maxItems: 1 })).ends).toEqual([
      { items: 1, more: true },
    ]);
  });

  it('v1: a server answering above the cursor is caught at its first such page, naming both times', async () => {
    const { fetchPage, queries } = pagesOf([row('a', 5), row('b', 4)], [row('x', 9), row('y', 8)], []);
    const { items, error } = await walk('v1', fetchPage, { limit: 2 });
    expect(items.map((i) => i?.id)).toEqual(['a', 'b', 'x', 'y']);
    expect(queries).toHaveLength(2);
    expect(error).toMatchObject({
      reason: 'no-progress',
      message: `Pagination made no progress: asked for items created before ${at(4)}, the server answered ${at(8)}. It ignores the createdAt cursor.`,
    });
  });

  it('v1: a server ignoring createdAtLt after a millisecond read alone is caught, not re-read', async () => {
    // Every request gets the same full page of one millisecond (then nothing, to bound a bug).
    const same = [row('a', 5), row('b', 5)];
    const { fetchPage, queries } = pagesOf(same, same, same, [], []);
    const { error } = await walk('v1', fetchPage, { limit: 2 });
    expect(error).toMatchObject({ reason: 'no-progress' });
    expect(queries.map((q) => Object.keys(q).filter((k) => k.startsWith('createdAt')))).toEqual([
      [],
      ['createdAtGe', 'createdAtLe'],
      ['createdAtLt'],
    ]);
  });

  it('v1: stopping at the last item of a millisecond read alone cannot tell whether more exist', async () => {
    const oneMs = [row('d', 5), row('c', 5), row('b', 5), row('a', 5)];
    const { fetchPage } = pagesOf(oneMs.slice(0, 2), oneMs, []);
    expect((await walk('v1', fetchPage, { limit: 2 }, { maxItems: 4 })).ends).toEqual([
      { items: 4, more: undefined },
    ]);
  });

  it('checks maxItems and page by name, on both styles', async () => {
    const { fetchPage } = pagesOf([]);
    for (const kind of ['v1', 'pages'] as const) {
      const { error } = await walk(kind, fetchPage, {}, { maxItems: 0 });
      expect(error).toBeInstanceOf(RangeError);
      expect(error?.message).toBe('maxItems must be an integer from 1 to 9007199254740991, got 0.');
    }
    expect((await walk('pages', fetchPage, { page: 0 })).error?.message).toBe(
      'page must be an integer from 1 to 9007199254740991, got 0.',
    );
  });

  it('pages: an answer without a results array is a shape error', async () => {
    for (const answer of [null, { results: 'x' }]) {
      const { error } = await walk('pages', pagesOf(answer).fetchPage);
      expect(error).toMatchObject({
        reason: 'shape',
        message: `Pagination expected { results: [...], metadata } but the server answered ${JSON.stringify(answer)}.`,
      });
    }
  });

  it('pages: an empty page ends the walk whatever the metadata says', async () => {
    const { fetchPage, queries } = pagesOf(
      { results: [row('a', 1)], metadata: { hasNextPage: true } },
      { results: [], metadata: { hasNextPage: true } },
    );
    const { items, ends, error } = await walk('pages', fetchPage);
    expect([items.length, queries.length, error]).toEqual([1, 2, undefined]);
    expect(ends).toEqual([{ items: 1, more: false }]);
  });

  /** Full pages of three new items each, forever; the metadata decides where it stops. */
  function endless(metadata: (page: number) => object, size = 3) {
    const queries: Record<string, unknown>[] = [];
    const fetchPage = async (query: Record<string, unknown>) => {
      queries.push(query);
      const n = Number(query.page);
      if (n > 10) return { results: [] };
      return {
        results: Array.from({ length: size }, (_, i) => ({ id: `p${n}-${i}` })),
        metadata: metadata(n),
      };
    };
    return { fetchPage, queries };
  }

  it('pages: without hasNextPage, totalPages decides, then totalItems with itemsPerPage', async () => {
    const byPages = endless(() => ({ totalPages: 2 }));
    expect((await walk('pages', byPages.fetchPage)).items).toHaveLength(6);
    expect(byPages.queries).toHaveLength(2);
    const byItems = endless(() => ({ totalItems: 6, itemsPerPage: 3 }));
    expect((await walk('pages', byItems.fetchPage)).items).toHaveLength(6);
    expect(byItems.queries).toHaveLength(2);
    // Short pages (3 of 5 per page) still go on while totalItems says so.
    const short = endless(() => ({ totalItems: 9, itemsPerPage: 5 }));
    expect((await walk('pages', short.fetchPage)).items).toHaveLength(6);
    expect(short.queries).toHaveLength(2);
  });

  it('pages: with no totals, a full page (itemsPerPage, else the limit, else 100) means more', async () => {
    const perPage = endless(() => ({ itemsPerPage: 3 }));
    await walk('pages', perPage.fetchPage, { limit: 10 });
    expect(perPage.queries).toHaveLength(11);
    const byLimit = endless(() => ({}));
    await walk('pages', byLimit.fetchPage, { limit: 3 });
    expect(byLimit.queries).toHaveLength(11);
    const shortOfLimit = endless(() => ({}));
    await walk('pages', shortOfLimit.fetchPage, { limit: 4 });
    expect(shortOfLimit.queries).toHaveLength(1);
    const byDefault = endless(() => ({}), 100);
    await walk('pages', byDefault.fetchPage);
    expect(byDefault.queries).toHaveLength(11);
    const shortOfDefault = endless(() => ({}), 99);
    await walk('pages', shortOfDefault.fetchPage);
    expect(shortOfDefault.queries).toHaveLength(1);
  });

  it('pages: onEnd at maxItems says more when an unseen item is left on the page or the metadata says so', async () => {
    const last = (results: Row[]) => pagesOf({ results, metadata: { hasNextPage: false } }).fetchPage;
    const a = { id: 'a' };
    const b = { id: 'b' };
    expect((await walk('pages', last([a, b]), {}, { maxItems: 1 })).ends).toEqual([{ items: 1, more: true }]);
    expect((await walk('pages', last([a, b, a]), {}, { maxItems: 1 })).ends).toEqual([
      { items: 1, more: true },
    ]);
    expect((await walk('pages', last([a, a]), {}, { maxItems: 1 })).ends).toEqual([
      { items: 1, more: false },
    ]);
    expect((await walk('pages', last([a, b]), {}, { maxItems: 2 })).ends).toEqual([
      { items: 2, more: false },
    ]);
  });

  it('pages: de-duplicates by id, and id-less items by their content', async () => {
    const { fetchPage } = pagesOf(
      { results: [{ id: 1, v: 1 }, { name: 'x' }, { name: 'y' }], metadata: { hasNextPage: true } },
      { results: [{ id: 1, v: 2 }, { name: 'x' }, { id: 2 }], metadata: { hasNextPage: false } },
    );
    const { items } = await walk('pages', fetchPage);
    expect(items).toEqual([{ id: 1, v: 1 }, { name: 'x' }, { name: 'y' }, { id: 2 }]);
  });

  it("VapiPaginationError is recognised across the SDK's builds by its brand", () => {
    const fromOtherBuild = Object.create({
      [Symbol.for('@voxdesk/sdk.class')]: 'VapiPaginationError',
    }) as object;
    expect(fromOtherBuild).toBeInstanceOf(VapiPaginationError);
    expect(new VapiPaginationError('m', 'shape')).toBeInstanceOf(VapiPaginationError);
    expect(new Error('m')).not.toBeInstanceOf(VapiPaginationError);
  });
});
