import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFakeVapi } from '@voxdesk/vapi-mock';
import { harness, tempConfigHome } from './harness.ts';

// Two accounts on two origins: each profile must reach its own, with its own token.
const PROD_TOKEN = 'sk-prod-0123456789';
const STAGING_TOKEN = 'sk-staging-9876543210';
const production = createFakeVapi({ token: PROD_TOKEN, seed: { assistants: [{ name: 'On production' }] } });
const staging = createFakeVapi({
  token: STAGING_TOKEN,
  baseUrl: 'https://staging.vapi.test',
  seed: { assistants: [{ name: 'On staging' }] },
});
const server = setupServer(...production.handlers, ...staging.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

let home: Awaited<ReturnType<typeof tempConfigHome>>;
beforeEach(async () => {
  home = await tempConfigHome();
  production.reset();
  staging.reset();
});
afterEach(() => home.cleanup());

const file = () => join(home.dir, 'voxdesk', 'config.json');
const cli = (env: Record<string, string> = {}, stdin?: string) =>
  harness({ env: { XDG_CONFIG_HOME: home.dir, NO_COLOR: '1', ...env }, ...(stdin ? { stdin } : {}) });
const names = async (env: Record<string, string>, ...flags: string[]) => {
  const run = cli(env);
  expect(await run.run(...flags, 'assistants', 'list', '--json')).toBe(0);
  return (JSON.parse(run.stdout.text) as { name: string }[]).map((a) => a.name);
};

async function loginBoth() {
  expect(await cli({}, PROD_TOKEN).run('login', '--with-token')).toBe(0);
  const staged = cli({}, STAGING_TOKEN);
  expect(
    await staged.run(
      'auth',
      'login',
      '--with-token',
      '--profile',
      'staging',
      '--base-url',
      'https://staging.vapi.test',
    ),
  ).toBe(0);
  expect(staged.stderr.text).toContain('as profile "staging"');
  production.state.requests.length = 0;
  staging.state.requests.length = 0;
}

describe('profiles', () => {
  it('each has its own token and base URL; the last login is active; --profile and VOXDESK_PROFILE pick one', async () => {
    await loginBoth();
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({
      token: PROD_TOKEN,
      profiles: { staging: { token: STAGING_TOKEN, baseUrl: 'https://staging.vapi.test' } },
      profile: 'staging',
    });
    expect(await names({})).toEqual(['On staging']);
    expect(await names({}, '--profile', 'default')).toEqual(['On production']);
    expect(await names({ VOXDESK_PROFILE: 'default' })).toEqual(['On production']);
    expect(production.state.requests.at(-1)!.headers.authorization).toBe(`Bearer ${PROD_TOKEN}`);
    expect(staging.state.requests.at(-1)!.headers.authorization).toBe(`Bearer ${STAGING_TOKEN}`);
  });

  it('auth switch persists the choice; auth list marks it and masks tokens', async () => {
    await loginBoth();
    const switched = cli();
    expect(await switched.run('auth', 'switch', 'default')).toBe(0);
    expect(await names({})).toEqual(['On production']);
    const list = cli();
    expect(await list.run('auth', 'list', '--json')).toBe(0);
    expect(JSON.parse(list.stdout.text)).toEqual([
      { name: 'default', active: true, baseUrl: null, token: '********6789' },
      { name: 'staging', active: false, baseUrl: 'https://staging.vapi.test', token: '********3210' },
    ]);
    expect(list.stdout.text).not.toContain(PROD_TOKEN);
    const table = harness({ tty: true, env: { XDG_CONFIG_HOME: home.dir, NO_COLOR: '1' } });
    expect(await table.run('auth', 'list')).toBe(0);
    expect(table.stdout.text).toMatch(/^\*\s+default\s+https:\/\/api\.vapi\.ai\s+\*{8}6789$/m);
  });

  it('switching to a profile that does not exist is exit 2 naming the stored ones', async () => {
    await loginBoth();
    const run = cli();
    expect(await run.run('auth', 'switch', 'prod')).toBe(2);
    expect(run.stderr.text).toContain('no profile "prod"');
    expect(run.stderr.text).toContain('stored: default, staging');
  });

  it('a profile without a token says how to log in to it (exit 4, nothing sent)', async () => {
    const run = cli();
    expect(await run.run('--profile', 'nope', 'assistants', 'list')).toBe(4);
    expect(run.stderr.text).toContain('voxdesk auth login --profile nope');
    expect(production.state.requests).toEqual([]);
  });

  it('logout --profile removes only that profile', async () => {
    await loginBoth();
    expect(await cli().run('logout', '--profile', 'staging')).toBe(0);
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({ token: PROD_TOKEN });
    expect(await names({})).toEqual(['On production']);
  });
});

describe('tokens bound to their account', () => {
  it("never sends a profile's token to VAPI_BASE_URL or --base-url: exit 2 naming what to unset", async () => {
    await loginBoth();
    for (const [env, flags, refused] of [
      [{ VAPI_BASE_URL: 'https://api.vapi.ai' }, [], 'unset VAPI_BASE_URL'],
      [{}, ['--base-url', 'https://api.vapi.ai'], 'not sending the token to --base-url https://api.vapi.ai'],
      [{ VOXDESK_PROFILE: 'default', VAPI_BASE_URL: 'https://staging.vapi.test' }, [], 'unset VAPI_BASE_URL'],
    ] as const) {
      const run = cli(env);
      expect(await run.run(...flags, 'assistants', 'list')).toBe(2);
      expect(run.stderr.text).toContain(refused);
    }
    expect(production.state.requests).toEqual([]);
    expect(staging.state.requests).toEqual([]);
    // Naming the profile's own URL is fine.
    expect(await names({ VAPI_BASE_URL: 'https://staging.vapi.test' })).toEqual(['On staging']);
  });

  it('an environment token skips the file; --profile still names the profile (the as-code section)', async () => {
    await mkdir(join(home.dir, 'voxdesk'), { recursive: true });
    await writeFile(file(), '{corrupt');
    const run = cli({ VAPI_TOKEN: PROD_TOKEN });
    expect(await run.run('--profile', 'ci', 'auth', 'status', '--json')).toBe(0);
    expect(JSON.parse(run.stdout.text)).toMatchObject({
      profile: 'ci',
      source: 'VAPI_TOKEN',
      baseUrl: 'https://api.vapi.ai',
      baseUrlSource: 'default',
    });
  });

  it('auth status shows where the URL came from', async () => {
    await loginBoth();
    const run = cli();
    expect(await run.run('auth', 'status')).toBe(0);
    expect(run.stdout.text).toContain(
      `Logged in to https://staging.vapi.test\nURL source: the config file (${file()}, profile "staging")\n`,
    );
    const env = cli({ VAPI_TOKEN: STAGING_TOKEN, VAPI_BASE_URL: 'https://staging.vapi.test' });
    expect(await env.run('auth', 'status')).toBe(0);
    expect(env.stdout.text).toContain('URL source: VAPI_BASE_URL\nToken source: VAPI_TOKEN\n');
  });

  it('auth login --profile under VAPI_BASE_URL stores the URL it checked', async () => {
    const run = cli({ VAPI_BASE_URL: 'https://staging.vapi.test' }, STAGING_TOKEN);
    expect(await run.run('auth', 'login', '--with-token', '--profile', 'stage')).toBe(0);
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({
      profiles: { stage: { token: STAGING_TOKEN, baseUrl: 'https://staging.vapi.test' } },
      profile: 'stage',
    });
    // Without the variable, the stored token still goes to where it was checked.
    expect(await names({})).toEqual(['On staging']);
  });

  it('logout of the active profile says which profile is active now', async () => {
    await loginBoth();
    const run = cli();
    expect(await run.run('auth', 'logout')).toBe(0);
    expect(run.stderr.text).toContain('Removed the token of profile "staging"');
    expect(run.stderr.text).toContain('Active profile is now "default"');
    const last = cli();
    expect(await last.run('auth', 'logout')).toBe(0);
    expect(last.stderr.text).toContain('Active profile is now "default", with no token stored');
  });

  it('auth token prints the paired token whole, sends nothing, and is exit 4 without one', async () => {
    await loginBoth();
    const run = cli();
    expect(await run.run('auth', 'token')).toBe(0);
    expect(run.stdout.text).toBe(`${STAGING_TOKEN}\n`);
    const other = cli();
    expect(await other.run('auth', 'token', '--profile', 'default')).toBe(0);
    expect(other.stdout.text).toBe(`${PROD_TOKEN}\n`);
    // The pairing holds here too: no token for a foreign URL.
    const foreign = cli({ VAPI_BASE_URL: 'https://api.vapi.ai' });
    expect(await foreign.run('auth', 'token')).toBe(2);
    expect(foreign.stdout.text).toBe('');
    const none = cli();
    expect(await none.run('auth', 'token', '--profile', 'ghost')).toBe(4);
    expect(production.state.requests).toEqual([]);
    expect(staging.state.requests).toEqual([]);
  });

  it('an unknown VOXDESK_PROFILE is exit 2 naming the stored profiles, nothing sent', async () => {
    await loginBoth();
    const run = cli({ VOXDESK_PROFILE: 'stagign' });
    expect(await run.run('assistants', 'list')).toBe(2);
    expect(run.stderr.text).toBe(
      'voxdesk: VOXDESK_PROFILE=stagign names no stored profile; stored: default, staging (unset it, or create it with `voxdesk auth login --profile stagign`)\n',
    );
    expect(production.state.requests).toEqual([]);
    expect(staging.state.requests).toEqual([]);
  });
});

describe('voxdesk config', () => {
  it('set, get and list the defaults; output json becomes the default output', async () => {
    await loginBoth();
    expect(await cli().run('config', 'set', 'output', 'json')).toBe(0);
    const get = cli();
    expect(await get.run('config', 'get', 'output')).toBe(0);
    expect(get.stdout.text).toBe('json\n');
    const list = cli();
    expect(await list.run('assistants', 'list')).toBe(0);
    expect(JSON.parse(list.stdout.text)).toEqual([expect.objectContaining({ name: 'On staging' })]);
    // The staging token is bound to its URL: moving the URL under it is refused.
    const move = cli();
    expect(await move.run('config', 'set', 'base_url', 'https://api.vapi.ai', '--profile', 'staging')).toBe(
      2,
    );
    expect(move.stderr.text).toContain(
      'the token of profile "staging" is bound to https://staging.vapi.test',
    );
    expect(await cli().run('config', 'set', 'base_url', 'http://127.0.0.1:9', '--profile', 'spare')).toBe(0);
    const all = cli();
    expect(await all.run('config', 'list')).toBe(0);
    expect(all.stdout.text).toBe('output=json\nprofile=staging\nbase_url=https://staging.vapi.test\n');
  });

  it('--format and VOXDESK_FORMAT beat the config: piped output stays TSV for scripts', async () => {
    await loginBoth();
    expect(await cli().run('config', 'set', 'output', 'json')).toBe(0);
    const tsv = (text: string) => expect(text).toMatch(/^[\w-]+\tOn staging\t/);
    const flag = cli();
    expect(await flag.run('assistants', 'list', '--format', 'table')).toBe(0);
    tsv(flag.stdout.text);
    const env = cli({ VOXDESK_FORMAT: 'table' });
    expect(await env.run('assistants', 'list')).toBe(0);
    tsv(env.stdout.text);
    // The flag beats the variable, and an output flag beats both.
    const both = cli({ VOXDESK_FORMAT: 'table' });
    expect(await both.run('assistants', 'list', '--format', 'json')).toBe(0);
    expect(JSON.parse(both.stdout.text)).toEqual([expect.objectContaining({ name: 'On staging' })]);
    const fields = cli({ VOXDESK_FORMAT: 'table' });
    expect(await fields.run('assistants', 'list', '--json', 'name')).toBe(0);
    expect(JSON.parse(fields.stdout.text)).toEqual([{ name: 'On staging' }]);
  });

  it('a bad --format or VOXDESK_FORMAT is exit 2 naming the values', async () => {
    await loginBoth();
    const flag = cli();
    expect(await flag.run('assistants', 'list', '--format', 'yaml')).toBe(2);
    expect(flag.stderr.text).toContain("'yaml' is invalid. Allowed choices are table, json.");
    const env = cli({ VOXDESK_FORMAT: 'yaml' });
    expect(await env.run('assistants', 'list')).toBe(2);
    expect(env.stderr.text).toBe(
      'voxdesk: VOXDESK_FORMAT must be table or json (got "yaml"); unset it for the default\n',
    );
  });

  it('refuses bad keys and values with exit 2, changing nothing', async () => {
    await loginBoth();
    const before = await readFile(file(), 'utf8');
    for (const [argv, message] of [
      [['set', 'colour', 'on'], 'unknown key "colour"; keys: output, profile, base_url'],
      [['set', 'output', 'yaml'], 'output must be one of table, json'],
      [['set', 'base_url', 'notaurl'], 'base_url is not a valid base URL ("notaurl")'],
      [['set', 'profile', 'ghost'], 'no profile "ghost"'],
    ] as const) {
      const run = cli();
      expect(await run.run('config', ...argv)).toBe(2);
      expect(run.stderr.text).toContain(message);
    }
    expect(await readFile(file(), 'utf8')).toBe(before);
  });

  it('keeps the file 0600 in a 0700 folder, tightening a folder that was open', async () => {
    await mkdir(join(home.dir, 'voxdesk'), { mode: 0o755 });
    await chmod(join(home.dir, 'voxdesk'), 0o755);
    expect(await cli().run('config', 'set', 'output', 'json')).toBe(0);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect((await stat(join(home.dir, 'voxdesk'))).mode & 0o777).toBe(0o700);
  });
});
