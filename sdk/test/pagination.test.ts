import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Vapi } from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();
const vapi = new Vapi({ token: 'sk', baseUrl: BASE });

// Seven calls, newest first, one second apart.
const calls = Array.from({ length: 7 }, (_, i) => ({
  id: `call_${7 - i}`,
  createdAt: new Date(Date.UTC(2026, 5, 1, 0, 0, 7 - i)).toISOString(),
}));

const plus1ms = (iso: string) => new Date(Date.parse(iso) + 1).toISOString();

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('v1 lists: limit + createdAtLt', () => {
  it('walks the pages with no duplicates or gaps, keeping the caller filters', async () => {
    const queries: string[] = [];
    server.use(
      http.get(`${BASE}/call`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q.toString());
        const lt = q.get('createdAtLt');
        const rows = calls.filter((c) => !lt || c.createdAt < lt).slice(0, Number(q.get('limit')));
        return HttpResponse.json(rows);
      }),
    );
    const seen = await collect(vapi.calls.iterate({ limit: 3, assistantId: 'asst_1' }));
    expect(seen.map((c) => c.id)).toEqual(calls.map((c) => c.id));
    expect(queries).toEqual([
      'limit=3&assistantId=asst_1',
      `limit=3&assistantId=asst_1&createdAtLt=${encodeURIComponent(plus1ms(calls[2]!.createdAt))}`,
      `limit=3&assistantId=asst_1&createdAtLt=${encodeURIComponent(plus1ms(calls[4]!.createdAt))}`,
      `limit=3&assistantId=asst_1&createdAtLt=${encodeURIComponent(plus1ms(calls[6]!.createdAt))}`,
    ]);
  });

  it('loses no item when several share the boundary millisecond', async () => {
    // Items 3, 4 and 5 were created in the same millisecond; page one ends inside that group.
    const tied = calls.map((c, i) => (i >= 2 && i <= 4 ? { ...c, createdAt: calls[2]!.createdAt } : c));
    server.use(
      http.get(`${BASE}/tool`, ({ request }) => {
        const lt = new URL(request.url).searchParams.get('createdAtLt');
        return HttpResponse.json(tied.filter((c) => !lt || c.createdAt < lt).slice(0, 3));
      }),
    );
    const seen = await collect(vapi.tools.iterate({ limit: 3 }));
    expect(seen.map((c) => c.id)).toEqual(tied.map((c) => c.id));
  });

  it('ends, with the items it can reach, when more share one millisecond than fit on a page', async () => {
    const same = calls.map((c) => ({ ...c, createdAt: calls[0]!.createdAt }));
    let requests = 0;
    server.use(
      http.get(`${BASE}/tool`, ({ request }) => {
        requests++;
        const lt = new URL(request.url).searchParams.get('createdAtLt');
        return HttpResponse.json(same.filter((c) => !lt || c.createdAt < lt).slice(0, 3));
      }),
    );
    const seen = await collect(vapi.tools.iterate({ limit: 3 }));
    expect(seen.map((c) => c.id)).toEqual(same.slice(0, 3).map((c) => c.id));
    expect(requests).toBe(3);
  });

  it('skips an item the server repeats across a page boundary', async () => {
    // A server comparing with <= instead of < would hand call_5 back on page two.
    server.use(
      http.get(`${BASE}/assistant`, ({ request }) => {
        const lt = new URL(request.url).searchParams.get('createdAtLt');
        const rows = calls.filter((c) => !lt || c.createdAt <= lt).slice(0, 3);
        return HttpResponse.json(rows);
      }),
    );
    const seen = await collect(vapi.assistants.iterate({ limit: 3 }));
    expect(seen.map((c) => c.id)).toEqual(calls.map((c) => c.id));
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

  it('says what was wrong when a page has the wrong shape', async () => {
    server.use(http.get(`${BASE}/eval`, () => HttpResponse.json([{ id: 'x' }])));
    await expect(collect(vapi.evals.iterate())).rejects.toThrow(
      'unexpected response from GET /eval: expected a JSON page { results, metadata }, got a JSON array',
    );
  });
});
