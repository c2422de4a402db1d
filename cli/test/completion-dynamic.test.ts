import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complete } from '../src/commands/completion/complete.ts';
import { writeConfig } from '../src/config.ts';
import { buildProgram } from '../src/program.ts';
import { cacheDir, FRESH_MS, QUIET_MS } from '../src/completion/records.ts';
import { harness, tempConfigHome, type HarnessOptions } from './harness.ts';
import { TOKEN, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({
  assistants: [{ name: 'Reception' }, { name: 'Sales' }, { name: 'Two words' }],
  calls: [{ status: 'ended', customer: { number: '+61400000001' } }],
});

let home: Awaited<ReturnType<typeof tempConfigHome>>;
beforeAll(async () => (home = await tempConfigHome()));
afterAll(() => home.cleanup());

/** A fresh cache folder per test, so no test reads another's records. */
let run = 0;
function envFor(extra: Record<string, string> = {}): Record<string, string> {
  run += 1;
  return { XDG_CONFIG_HOME: home.dir, XDG_CACHE_HOME: join(home.dir, `cache-${run}`), ...extra };
}

async function tab(env: Record<string, string>, words: string[], options: HarnessOptions = {}) {
  const cli = harness({ env, ...options });
  const result = await complete(buildProgram(cli.factory), words, cli.factory);
  return result.candidates;
}
const values = async (...args: Parameters<typeof tab>) => (await tab(...args)).map(([value]) => value);

const idOf = (name: string) => [...fake.state.assistants.values()].find((a) => a.name === name)!.id;

describe('completion of profiles and config', () => {
  beforeAll(() =>
    writeConfig(join(home.dir, 'voxdesk', 'config.json'), {
      token: 'sk-default-secret',
      profiles: { work: { token: 'sk-work-secret', baseUrl: 'https://work.example' } },
      profile: 'work',
    }),
  );

  it('--profile, auth switch and config set profile offer the stored profiles, never a token', async () => {
    const env = envFor();
    expect(await tab(env, ['--profile', ''])).toEqual([
      ['default', 'https://api.vapi.ai'],
      ['work', 'https://work.example (active)'],
    ]);
    expect(await values(env, ['auth', 'switch', 'w'])).toEqual(['work']);
    expect(await values(env, ['assistants', 'list', '--profile', 'd'])).toEqual(['default']);
    expect(await values(env, ['config', 'set', 'profile', ''])).toEqual(['default', 'work']);
    const cli = harness({ env });
    expect(await cli.run('__complete', '--profile', '')).toBe(0);
    expect(cli.stdout.text).not.toMatch(/sk-/);
    expect(cli.stdout.text.trimEnd().split('\n').at(-1)).toBe(':done');
  });

  it('config get/set offer the keys, and config set output its values', async () => {
    const env = envFor();
    expect(await values(env, ['config', 'get', ''])).toEqual(['output', 'profile', 'base_url']);
    expect(await values(env, ['config', 'set', 'o'])).toEqual(['output']);
    expect(await values(env, ['config', 'set', 'output', ''])).toEqual(['table', 'json']);
    expect(await values(env, ['config', 'set', 'base_url', ''])).toEqual([]);
  });
});

describe('completion of ids and names (the fake Vapi, cached per account)', () => {
  it('ids where a command takes one; names too where the flag takes a name', async () => {
    const env = envFor({ VAPI_TOKEN: TOKEN });
    const ids = [...fake.state.assistants.values()].map((a) => a.id).sort();
    expect((await values(env, ['assistants', 'get', ''])).sort()).toEqual(ids);
    expect(await tab(env, ['assistant', 'delete', idOf('Sales').slice(0, 8)])).toEqual([
      [idOf('Sales'), 'Sales'],
    ]);
    // A name with a space is not one shell word: only its id is offered.
    expect(await values(env, ['calls', 'create', '--assistant', 'Re'])).toEqual(['Reception']);
    expect(await values(env, ['calls', 'create', '--assistant', 'Tw'])).toEqual([]);
    // A call's id shows its number and status beside it (zsh, fish).
    const call = [...fake.state.calls.values()][0]!;
    expect(await tab(env, ['calls', 'watch', ''])).toEqual([[call.id, '+61400000001 · ended']]);
    // `--phone-number` takes only an id: no names.
    expect(await values(env, ['calls', 'create', '--phone-number', ''])).toEqual([]);
  });

  it('a second TAB within the minute reads the cache (no request); a stale cache is fetched again', async () => {
    const env = envFor({ VAPI_TOKEN: TOKEN });
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(await values(env, ['assistants', 'get', ''], { now })).toHaveLength(3);
    expect(fake.state.requests).toHaveLength(1);
    expect(fake.state.requests[0]!.search).toContain('limit=501');
    await values(env, ['assistants', 'get', ''], { now: new Date(now.getTime() + FRESH_MS - 1) });
    expect(fake.state.requests).toHaveLength(1);
    await values(env, ['assistants', 'get', ''], { now: new Date(now.getTime() + FRESH_MS) });
    expect(fake.state.requests).toHaveLength(2);
  });

  it('the cache file is private, keyed per account and never holds the token', async () => {
    const env = envFor({ VAPI_TOKEN: TOKEN });
    await values(env, ['assistants', 'get', '']);
    await values({ ...env, VAPI_BASE_URL: 'http://127.0.0.1:9' }, ['assistants', 'get', '']);
    const dir = cacheDir(env);
    const files = await readdir(dir);
    expect(files).toHaveLength(2); // one per base URL
    for (const file of files) {
      expect((await stat(join(dir, file))).mode & 0o777).toBe(0o600);
      expect(await readFile(join(dir, file), 'utf8')).not.toContain(TOKEN);
    }
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('offline: no candidates and no error, and the next TABs stay off the network a while', async () => {
    const env = envFor({ VAPI_TOKEN: TOKEN });
    let calls = 0;
    const offline: typeof fetch = () => {
      calls += 1;
      return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    };
    const cli = harness({ env, fetch: offline });
    expect(await cli.run('__complete', 'assistants', 'get', '')).toBe(0);
    expect(cli.stdout.text).toBe(':done\n');
    expect(cli.stderr.text).toBe('');
    expect(calls).toBe(1);
    expect(await values(env, ['assistants', 'get', ''], { fetch: offline })).toEqual([]);
    expect(calls).toBe(1);
    const later = new Date(Date.parse('2026-11-21T12:00:00.000Z') + QUIET_MS);
    await values(env, ['assistants', 'get', ''], { fetch: offline, now: later });
    expect(calls).toBe(2);
  });

  it('a hung API: the TAB gives up after the short limit, silently', async () => {
    const env = envFor({ VAPI_TOKEN: TOKEN });
    const hung: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    expect(await values(env, ['assistants', 'get', ''], { fetch: hung })).toEqual([]);
  }, 30_000);

  it('no token: nothing to list, nothing sent', async () => {
    const env = envFor({ XDG_CONFIG_HOME: join(home.dir, 'nowhere') });
    expect(await values(env, ['assistants', 'get', ''])).toEqual([]);
    expect(fake.state.requests).toHaveLength(0);
  });
});
