import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, TOKEN } from './fake-api.ts';

/**
 * GET /logs as Vapi pages it ({results, metadata}), filtering by type, callId and
 * createdAtGe, sorted by sortOrder. The fake Vapi has no log store, so this handler is
 * the HTTP boundary here; it fights back with entries sharing a millisecond.
 */
let logs: Record<string, unknown>[] = [];
const queries: URLSearchParams[] = [];
/** How many of the next requests fail with an HTML 502, as a proxy in front of Vapi does. */
let outage = 0;
const server = setupServer(
  http.get('https://api.vapi.ai/logs', ({ request }) => {
    if (request.headers.get('authorization') !== `Bearer ${TOKEN}`)
      return HttpResponse.json({ message: 'Invalid Key' }, { status: 401 });
    const query = new URL(request.url).searchParams;
    queries.push(query);
    let rows = logs.filter(
      (log) =>
        (!query.get('type') || log.type === query.get('type')) &&
        (!query.get('callId') || log.callId === query.get('callId')) &&
        (!query.get('createdAtGe') || String(log.time) >= query.get('createdAtGe')!),
    );
    rows = [...rows].sort((a, b) => String(a.time).localeCompare(String(b.time)));
    if (query.get('sortOrder') !== 'ASC') rows.reverse();
    if (outage > 0) {
      outage--;
      return new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502 });
    }
    const limit = Number(query.get('limit') ?? 100);
    const page = Number(query.get('page') ?? 1);
    return HttpResponse.json({
      results: rows.slice((page - 1) * limit, page * limit),
      metadata: { itemsPerPage: limit, totalItems: rows.length, currentPage: page },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  queries.length = 0;
  outage = 0;
  logs = [
    {
      time: '2026-11-21T11:00:00.000Z',
      type: 'API',
      requestHttpMethod: 'GET',
      requestPath: '/assistant',
      responseHttpCode: 200,
    },
    {
      time: '2026-11-21T11:30:00.000Z',
      type: 'Webhook',
      callId: 'call-1',
      requestHttpMethod: 'POST',
      requestPath: '/hook',
      responseHttpCode: 500,
    },
    { time: '2026-11-21T11:59:00.000Z', type: 'Call', callId: 'call-1' },
  ];
});

describe('voxdesk logs', () => {
  it('lists logs oldest first, tab-separated when piped', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('logs')).toBe(0);
    expect(cli.stdout.text).toBe(
      [
        '2026-11-21T11:00:00.000Z\tAPI\tGET /assistant\t200\t',
        '2026-11-21T11:30:00.000Z\tWebhook\tPOST /hook\t500\tcall-1',
        '2026-11-21T11:59:00.000Z\tCall\t\t\tcall-1',
        '',
      ].join('\n'),
    );
  });

  it('filters by type, call and since', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('logs', '--type', 'webhook', '--call', 'call-1', '--since', '1h', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toEqual([logs[1]]);
    expect(Object.fromEntries(queries[0]!)).toMatchObject({
      type: 'Webhook',
      callId: 'call-1',
      createdAtGe: '2026-11-21T11:00:00.000Z',
    });
  });

  it('refuses a bad --type or --since with exit 2, nothing sent', async () => {
    for (const argv of [
      ['--type', 'sms'],
      ['--since', 'yesterday'],
    ]) {
      const cli = harness({ env: authed });
      expect(await cli.run('logs', ...argv)).toBe(2);
    }
    expect(queries).toEqual([]);
  });

  it('a 200 that is not a log list is exit 1 "unexpected response" (defect 5)', async () => {
    for (const [body, got] of [
      [{ message: 'ok' }, 'JSON object'],
      [null, 'JSON null'],
    ] as const) {
      server.use(http.get('https://api.vapi.ai/logs', () => HttpResponse.json(body)));
      try {
        const cli = harness({ env: authed });
        expect(await cli.run('logs')).toBe(1);
        expect(cli.stdout.text).toBe('');
        expect(cli.stderr.text).toBe(
          `voxdesk: unexpected response from GET /logs: expected a JSON array or { results }, got ${got}\n`,
        );
      } finally {
        server.resetHandlers();
      }
    }
  });

  it('--follow prints new entries once each, including ones sharing the last millisecond', async () => {
    const stop = new AbortController();
    const cli = harness({ env: authed, signal: stop.signal });
    const running = cli.run('logs', '--follow', '--json', '--interval', '5ms');
    const lines = () => cli.stdout.text.trimEnd().split('\n').filter(Boolean);
    await expect.poll(lines).toHaveLength(3);
    // Same millisecond as the newest one already shown, and a later one.
    logs.push({ time: '2026-11-21T11:59:00.000Z', type: 'API', requestPath: '/call' });
    logs.push({ time: '2026-11-21T12:00:01.000Z', type: 'API', requestPath: '/tool' });
    await expect.poll(lines).toHaveLength(5);
    await expect.poll(() => queries.length).toBeGreaterThan(4);
    expect(lines()).toHaveLength(5);
    expect(
      lines()
        .slice(3)
        .map((line) => (JSON.parse(line) as { requestPath: string }).requestPath),
    ).toEqual(['/call', '/tool']);
    expect(queries.at(-1)!.get('createdAtGe')).toBe('2026-11-21T12:00:01.000Z');
    stop.abort(); // as Ctrl-C
    expect(await running).toBe(130);
    expect(cli.stderr.text).toBe('');
  });

  it('--follow rides out 6 × 502, says so on stderr once per try, and pages with the SDK pager', async () => {
    const stop = new AbortController();
    const cli = harness({ env: authed, signal: stop.signal });
    const running = cli.run('--no-retry', 'logs', '--follow', '--json', '--interval', '1ms');
    const lines = () => cli.stdout.text.trimEnd().split('\n').filter(Boolean);
    await expect.poll(lines).toHaveLength(3);
    outage = 6;
    // 150 new entries: two pages of the pager's 100, none shown twice.
    for (let i = 0; i < 150; i++)
      logs.push({
        time: `2026-11-21T12:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
        type: 'API',
        requestPath: `/n${i}`,
      });
    await expect.poll(lines, { timeout: 30_000 }).toHaveLength(153);
    expect(outage).toBe(0);
    expect(new Set(lines()).size).toBe(153);
    expect(cli.stderr.text.match(/^! Vapi answered 502; trying again in/gm)).toHaveLength(6);
    expect(cli.stderr.text).toContain('! reconnected after');
    expect(cli.stderr.text).not.toContain('<html>');
    expect(queries.some((query) => query.get('page') === '2')).toBe(true);
    expect(queries.every((query) => query.get('limit') !== '1000')).toBe(true);
    stop.abort();
    expect(await running).toBe(130);
  }, 60_000);

  it('--follow exits 6 when the outage outlasts --max-outage', async () => {
    const cli = harness({ env: authed });
    const running = cli.run('--no-retry', 'logs', '--follow', '--interval', '1ms', '--max-outage', '20ms');
    await expect.poll(() => queries.length).toBeGreaterThan(0);
    outage = 1_000_000;
    expect(await running).toBe(6);
    expect(cli.stderr.text).toMatch(
      /voxdesk: lost the connection: Vapi answered 502, for \d+ ms \(--max-outage 20 ms\)\n$/,
    );
  }, 60_000);
});

describe("voxdesk logs --json [fields] and --jq (the list commands' output flags)", () => {
  it('without --follow: --json fields and --jq run over the array, as for lists', async () => {
    const fields = harness({ env: authed });
    expect(await fields.run('logs', '--json', 'time,type')).toBe(0);
    expect(JSON.parse(fields.stdout.text)).toEqual([
      { time: '2026-11-21T11:00:00.000Z', type: 'API' },
      { time: '2026-11-21T11:30:00.000Z', type: 'Webhook' },
      { time: '2026-11-21T11:59:00.000Z', type: 'Call' },
    ]);
    const jq = harness({ env: authed });
    expect(await jq.run('logs', '--jq', '[.[] | select(.responseHttpCode >= 500) | .requestPath]')).toBe(0);
    expect(JSON.parse(jq.stdout.text)).toEqual(['/hook']);
    const bad = harness({ env: authed });
    expect(await bad.run('logs', '--jq', '.[')).toBe(2);
  });

  it('with --follow: one NDJSON line per entry with only the fields asked, --jq once per entry', async () => {
    for (const [flags, want] of [
      [
        ['--json', 'type,callId'],
        ['{"type":"API"}', '{"type":"Webhook","callId":"call-1"}', '{"type":"Call","callId":"call-1"}'],
      ],
      [
        ['--jq', '.type'],
        ['API', 'Webhook', 'Call'],
      ],
    ] as const) {
      const stop = new AbortController();
      const cli = harness({ env: authed, signal: stop.signal });
      const running = cli.run('logs', '--follow', ...flags, '--interval', '5ms');
      const lines = () => cli.stdout.text.trimEnd().split('\n').filter(Boolean);
      await expect.poll(lines).toHaveLength(3);
      logs.push({ time: '2026-11-21T12:00:01.000Z', type: 'Provider', callId: 'call-2' });
      await expect.poll(lines).toHaveLength(4);
      stop.abort();
      expect(await running).toBe(130);
      expect(lines()).toEqual([
        ...want,
        flags[0] === '--jq' ? 'Provider' : '{"type":"Provider","callId":"call-2"}',
      ]);
      logs.pop();
    }
  }, 60_000);
});

describe("voxdesk logs --follow against a bare array (the fake Vapi's /logs shape)", () => {
  it('reads the whole answer each poll and prints each entry once', async () => {
    const asked: string[] = [];
    server.use(
      http.get('https://api.vapi.ai/logs', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const since = query.get('createdAtGe');
        asked.push(request.url);
        const rows = logs.filter((log) => !since || String(log.time) >= since);
        return HttpResponse.json(query.get('sortOrder') === 'ASC' ? rows : [...rows].reverse());
      }),
    );
    try {
      const stop = new AbortController();
      const cli = harness({ env: authed, signal: stop.signal });
      const running = cli.run('logs', '--follow', '--jq', '.time', '--interval', '5ms');
      const lines = () => cli.stdout.text.trimEnd().split('\n').filter(Boolean);
      await expect.poll(lines).toHaveLength(3);
      logs.push({ time: '2026-11-21T12:00:02.000Z', type: 'API' });
      await expect.poll(lines).toHaveLength(4);
      await expect.poll(() => asked.length).toBeGreaterThan(4);
      stop.abort();
      expect(await running).toBe(130);
      expect(lines()).toEqual([
        '2026-11-21T11:00:00.000Z',
        '2026-11-21T11:30:00.000Z',
        '2026-11-21T11:59:00.000Z',
        '2026-11-21T12:00:02.000Z',
      ]);
      // No page or limit parameters of its own beyond the first page's.
      expect(asked.slice(1).every((url) => !/[?&]page=/.test(url))).toBe(true);
    } finally {
      server.resetHandlers();
      logs.pop();
    }
  }, 60_000);
});
