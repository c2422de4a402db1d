import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, plain, useFakeVapi } from './fake-api.ts';

// Issue 18: four records whose createdAt are d3, d2, d2, d1; the CLI's own pager dropped
// one of the pair. Every list here goes through the SDK's one pager.
const d = (n: number) => `2026-11-0${n}T10:00:00.000Z`;
const tied = (prefix: string) =>
  [3, 2, 2, 1].map((n, i) => ({ name: `${prefix}${i}`, tag: 'private', createdAt: d(n) }));

const fake = useFakeVapi({
  tokens: tied('t'),
  collections: {
    '/knowledge-base': tied('kb').map(({ name, createdAt }) => ({ provider: 'google', name, createdAt })),
  },
});

const sent = () => fake.state.requests.map((request) => `${request.method} ${request.path}${request.search}`);
const names = (text: string) => (JSON.parse(text) as { name: string }[]).map((item) => item.name).sort();

describe('--all and --paginate when records share a millisecond (d3, d2, d2, d1)', () => {
  it('tokens list --all --limit 2 returns all four', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('tokens', 'list', '--all', '--limit', '2', '--json')).toBe(0);
    expect(names(cli.stdout.text)).toEqual(['t0', 't1', 't2', 't3']);
    expect(sent()[0]).toBe('GET /token?limit=2');
  });

  it('api GET /token --paginate returns all four', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('api', 'GET', '/token', '--paginate', '-F', 'limit=2')).toBe(0);
    expect(names(cli.stdout.text)).toEqual(['t0', 't1', 't2', 't3']);
  });

  it('knowledge-bases list --all --limit 2 returns all four', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('knowledge-bases', 'list', '--all', '--limit', '2', '--json')).toBe(0);
    expect(names(cli.stdout.text)).toEqual(['kb0', 'kb1', 'kb2', 'kb3']);
    const paginated = harness({ env: authed });
    expect(await paginated.run('api', 'GET', '/knowledge-base', '--paginate', '-F', 'limit=2')).toBe(0);
    expect(names(paginated.stdout.text)).toEqual(['kb0', 'kb1', 'kb2', 'kb3']);
  });
});

describe('--limit is a total across pages (defect 11)', () => {
  it('asks for one more than it shows, and says for certain that more exist', async () => {
    const cli = harness({ tty: true, env: plain });
    expect(await cli.run('tokens', 'list', '--limit', '3')).toBe(0);
    expect(cli.stdout.text.trimEnd().split('\n')).toHaveLength(4); // header + 3
    expect(cli.stderr.text).toBe('showing 3; more exist — use --all or a larger --limit\n');
    expect(sent()).toEqual(['GET /token?limit=4']);
  });

  it('says nothing when the limit covers the whole list', async () => {
    const cli = harness({ tty: true, env: plain });
    expect(await cli.run('tokens', 'list', '--limit', '4')).toBe(0);
    expect(cli.stdout.text.trimEnd().split('\n')).toHaveLength(5);
    expect(cli.stderr.text).toBe('');
  });

  it('with --all, --limit is the page size and must fit one request', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('tokens', 'list', '--all', '--limit', '1001')).toBe(2);
    expect(cli.stderr.text).toContain(
      'with --all, --limit is the page size: use a whole number from 1 to 1000',
    );
    expect(fake.state.requests).toEqual([]);
  });
});

describe('a list longer than one request', () => {
  it('--limit 1050 reads two pages and stops there', async () => {
    const tokens = fake.state.tokens;
    const base = Date.parse('2026-10-01T00:00:00.000Z');
    for (let i = 0; i < 1100; i++) {
      const id = `bulk-${String(i).padStart(4, '0')}`;
      tokens.set(id, {
        ...tokens.values().next().value!,
        id,
        name: id,
        createdAt: new Date(base + i).toISOString(),
      });
    }
    const cli = harness({ tty: true, env: plain });
    expect(await cli.run('tokens', 'list', '--limit', '1050', '--json')).toBe(0);
    const listed = JSON.parse(cli.stdout.text) as { id: string }[];
    expect(listed).toHaveLength(1050);
    expect(new Set(listed.map((token) => token.id)).size).toBe(1050);
    expect(sent()).toEqual([
      'GET /token?limit=1000',
      expect.stringMatching(/^GET \/token\?limit=1000&createdAtLe=/),
    ]);
    expect(cli.stderr.text).toBe('showing 1050; more exist — use --all or a larger --limit\n');
  });
});

describe('unexpected list answers (defect 5, lists)', () => {
  it.each([
    ['an object', '{"items":[]}', 'application/json', 'a JSON object'],
    ['an HTML page', '<html>Gateway</html>', 'text/html', 'text/html "<html>Gateway</html>"'],
  ])('a 200 with %s is exit 1 "unexpected response", not an empty list', async (_name, body, type, got) => {
    for (const argv of [
      ['tokens', 'list'],
      ['tokens', 'list', '--limit', '2'],
      ['tokens', 'list', '--all'],
      ['knowledge-bases', 'list', '--all', '--limit', '2'],
    ]) {
      fake.failNext(1, { status: 200, body, headers: { 'content-type': type } });
      const cli = harness({ env: authed });
      expect(await cli.run(...argv, '--json'), argv.join(' ')).toBe(1);
      expect(cli.stdout.text).toBe('');
      expect(cli.stderr.text).toMatch(
        /^voxdesk: unexpected response from GET \/(token|knowledge-base): expected a JSON array, got /,
      );
      expect(cli.stderr.text).toContain(got);
    }
  });
});
