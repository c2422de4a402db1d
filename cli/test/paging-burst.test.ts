import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

// The fake stamps five records in a row with one createdAt millisecond: more than a page.
const seven = (prefix: string) => Array.from({ length: 7 }, (_, i) => ({ name: `${prefix}${i}` }));
const fake = useFakeVapi(
  { tokens: seven('t'), assistants: seven('a'), collections: { '/knowledge-base': seven('kb') } },
  { sameMillisecond: 5 },
);

const ids = (text: string) => (JSON.parse(text) as { id: string }[]).map((item) => item.id);

describe('more records in one millisecond than --limit', () => {
  it('the fake really ties them', () => {
    const times = new Set([...fake.state.tokens.values()].map((token) => token.createdAt));
    expect(times.size).toBe(2);
  });

  it.each([
    ['tokens', '/token'],
    ['assistants', '/assistant'],
    ['knowledge-bases', '/knowledge-base'],
  ])('%s list --all --limit 2 and api GET %s --paginate return all seven', async (resource, path) => {
    const listed = harness({ env: authed });
    expect(await listed.run(resource, 'list', '--all', '--limit', '2', '--json')).toBe(0);
    expect(new Set(ids(listed.stdout.text)).size).toBe(7);
    expect(ids(listed.stdout.text)).toHaveLength(7);
    const paginated = harness({ env: authed });
    expect(await paginated.run('api', 'GET', path, '--paginate', '-F', 'limit=2')).toBe(0);
    expect(ids(paginated.stdout.text)).toHaveLength(7);
    expect(new Set(ids(paginated.stdout.text)).size).toBe(7);
    // The millisecond a page ended in was read alone, at the largest limit.
    expect(fake.state.requests.some((request) => request.search.includes('limit=1000&createdAtGe='))).toBe(
      true,
    );
  });

  it('--limit 6 stops inside the tied millisecond and knows more exist', async () => {
    const cli = harness({ tty: true, env: { ...authed, NO_COLOR: '1' } });
    expect(await cli.run('tokens', 'list', '--limit', '6', '--json')).toBe(0);
    expect(new Set(ids(cli.stdout.text)).size).toBe(6);
    expect(cli.stderr.text).toBe('showing 6; more exist — use --all or a larger --limit\n');
  });
});
