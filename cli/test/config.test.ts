import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pairCredentials, resolveToken } from '../src/auth/token.ts';
import { readConfig, removeToken, writeConfig } from '../src/config.ts';
import { configPathFor } from '../src/factory.ts';
import { harness, tempConfigHome } from './harness.ts';
import { TOKEN, useFakeVapi } from './fake-api.ts';

describe('config file', () => {
  let home: Awaited<ReturnType<typeof tempConfigHome>>;
  beforeEach(async () => {
    home = await tempConfigHome();
  });
  afterEach(() => home.cleanup());

  it('lives under $XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configPathFor({ XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/x/voxdesk/config.json');
    expect(configPathFor({ HOME: '/h' })).toBe('/h/.config/voxdesk/config.json');
    expect(configPathFor({ XDG_CONFIG_HOME: '', HOME: '/h' })).toBe('/h/.config/voxdesk/config.json');
  });

  it('is written with mode 0600 even under a permissive umask, in a 0700 directory', async () => {
    const path = join(home.dir, 'voxdesk', 'config.json');
    const previous = process.umask(0o000);
    try {
      await writeConfig(path, { token: 'secret-token' });
    } finally {
      process.umask(previous);
    }
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(home.dir, 'voxdesk'))).mode & 0o777).toBe(0o700);
    expect(await readConfig(path)).toEqual({ token: 'secret-token' });
  });

  it('tightens an existing file that was group-readable', async () => {
    const path = join(home.dir, 'voxdesk', 'config.json');
    await mkdir(join(home.dir, 'voxdesk'), { recursive: true });
    await writeFile(path, '{}', { mode: 0o644 });
    await writeConfig(path, { token: 't0ken' });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('reads a missing file as empty and names a corrupt one', async () => {
    const path = join(home.dir, 'voxdesk', 'config.json');
    expect(await readConfig(path)).toEqual({});
    await mkdir(join(home.dir, 'voxdesk'), { recursive: true });
    await writeFile(path, '{ nope');
    await expect(readConfig(path)).rejects.toThrow(`${path} is not valid`);
  });

  it('removes only the token', async () => {
    const path = join(home.dir, 'voxdesk', 'config.json');
    await writeConfig(path, { token: 'abcd', baseUrl: 'http://127.0.0.1:1' });
    expect(await removeToken(path)).toBe(true);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ baseUrl: 'http://127.0.0.1:1' });
    expect(await removeToken(path)).toBe(false);
  });
});

describe('token precedence', () => {
  const env = { VAPI_TOKEN: 'from-vapi-token', VAPI_API_KEY: 'from-api-key' };
  const config = { token: 'from-config' };
  it('--token > VAPI_TOKEN > VAPI_API_KEY > config file', () => {
    expect(resolveToken('from-flag', env, config)).toEqual({ token: 'from-flag', source: '--token' });
    expect(resolveToken(undefined, env, config)).toEqual({ token: 'from-vapi-token', source: 'VAPI_TOKEN' });
    expect(resolveToken(undefined, { VAPI_API_KEY: 'k' }, config)).toEqual({
      token: 'k',
      source: 'VAPI_API_KEY',
    });
    expect(resolveToken(undefined, {}, config)).toEqual({ token: 'from-config', source: 'config file' });
    expect(resolveToken(undefined, { VAPI_TOKEN: '' }, {})).toBeUndefined();
  });
});

describe('token and base URL pairing (each token goes only to its own URL)', () => {
  const pair = (
    flags: { token?: string; baseUrl?: string },
    env: Record<string, string>,
    profile: { token?: string; baseUrl?: string } = {},
  ) => pairCredentials({ flags, env, profile, profileName: 'default', configPath: '/c.json' });
  const stored = { token: 'stored', baseUrl: 'https://staging.test' };

  it('takes each pair from one source: flags, the environment, or the profile', () => {
    expect(
      pair({ token: 'f', baseUrl: 'http://a/' }, { VAPI_TOKEN: 'e', VAPI_BASE_URL: 'http://b' }, stored),
    ).toEqual({
      token: { token: 'f', source: '--token' },
      baseUrl: 'http://a',
      baseUrlSource: '--base-url',
    });
    expect(pair({}, { VAPI_TOKEN: 'e', VAPI_BASE_URL: 'http://b' }, stored)).toEqual({
      token: { token: 'e', source: 'VAPI_TOKEN' },
      baseUrl: 'http://b',
      baseUrlSource: 'VAPI_BASE_URL',
    });
    // An environment token with no VAPI_BASE_URL goes to the default, never to the profile's URL.
    expect(pair({}, { VAPI_TOKEN: 'e' }, stored)).toMatchObject({
      baseUrl: 'https://api.vapi.ai',
      baseUrlSource: 'default',
    });
    expect(pair({}, {}, stored)).toMatchObject({
      baseUrl: 'https://staging.test',
      baseUrlSource: 'config file',
    });
    expect(pair({}, {}, { token: 'stored' })).toMatchObject({
      baseUrl: 'https://api.vapi.ai',
      baseUrlSource: 'default',
    });
  });

  it("refuses to send a profile's token to an environment or flag URL, naming what to unset", () => {
    expect(() => pair({}, { VAPI_BASE_URL: 'http://evil' }, stored)).toThrow(
      'the token of profile "default" is bound to https://staging.test; not sending the token to VAPI_BASE_URL http://evil: unset VAPI_BASE_URL, or set VAPI_TOKEN to a token for that URL',
    );
    expect(() => pair({ baseUrl: 'http://evil' }, {}, { token: 'stored' })).toThrow(
      'the token of profile "default" is bound to https://api.vapi.ai; not sending the token to --base-url http://evil',
    );
    // Naming the URL the token is bound to is no mixing.
    expect(
      pair({ baseUrl: 'https://staging.test/' }, { VAPI_BASE_URL: 'https://staging.test' }, stored),
    ).toMatchObject({
      token: { source: 'config file' },
    });
  });

  it('refuses an environment token with a flag URL, and a flag token with an environment URL', () => {
    expect(() => pair({ baseUrl: 'http://other' }, { VAPI_API_KEY: 'k' })).toThrow(
      'the token from VAPI_API_KEY goes to VAPI_BASE_URL (or https://api.vapi.ai), here https://api.vapi.ai; not sending the token to --base-url http://other: set VAPI_BASE_URL instead of --base-url, or unset VAPI_API_KEY',
    );
    expect(() => pair({ token: 'f' }, { VAPI_BASE_URL: 'http://other' })).toThrow(
      '--token goes with --base-url (or https://api.vapi.ai); not sending the token to VAPI_BASE_URL http://other: pass --base-url too, or unset VAPI_BASE_URL',
    );
  });

  it('with no token anywhere, uses whichever URL is named', () => {
    expect(pair({}, { VAPI_BASE_URL: 'http://b' }, { baseUrl: 'http://c' })).toEqual({
      baseUrl: 'http://b',
      baseUrlSource: 'VAPI_BASE_URL',
    });
    expect(pair({}, {}, {})).toEqual({ baseUrl: 'https://api.vapi.ai', baseUrlSource: 'default' });
  });
});

describe('a corrupt config file (defect 1)', () => {
  const fake = useFakeVapi();
  let home: Awaited<ReturnType<typeof tempConfigHome>>;
  let path: string;
  beforeEach(async () => {
    home = await tempConfigHome();
    path = join(home.dir, 'voxdesk', 'config.json');
    await mkdir(join(home.dir, 'voxdesk'), { recursive: true, mode: 0o700 });
    await writeFile(path, '{bad', { mode: 0o600 });
  });
  afterEach(() => home.cleanup());

  it('is never read when the token and base URL come from the environment and flags', async () => {
    const cli = harness({ env: { XDG_CONFIG_HOME: home.dir, VAPI_TOKEN: TOKEN } });
    expect(await cli.run('--base-url', 'https://api.vapi.ai', 'assistants', 'list', '--json')).toBe(0);
    expect(cli.stderr.text).toBe('');
    const viaEnv = harness({
      env: { XDG_CONFIG_HOME: home.dir, VAPI_TOKEN: TOKEN, VAPI_BASE_URL: 'https://api.vapi.ai' },
    });
    expect(await viaEnv.run('assistants', 'list', '--json')).toBe(0);
  });

  it('still stops other runs, saying how to repair it', async () => {
    const cli = harness({ env: { XDG_CONFIG_HOME: home.dir } });
    expect(await cli.run('assistants', 'list')).toBe(1);
    expect(cli.stderr.text).toContain(`${path} is not valid`);
    expect(cli.stderr.text).toContain('voxdesk logout');
  });

  it('login repairs it: the bad file is moved aside and a good one written', async () => {
    const cli = harness({ env: { XDG_CONFIG_HOME: home.dir, NO_COLOR: '1' }, stdin: `${TOKEN}\n` });
    expect(await cli.run('login', '--with-token')).toBe(0);
    expect(cli.stderr.text).toContain(`! ${path} was not valid`);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ token: TOKEN });
    expect(await readFile(`${path}.bad`, 'utf8')).toBe('{bad');
    expect((await stat(`${path}.bad`)).mode & 0o777).toBe(0o600);
    expect(fake.state.requests).toHaveLength(1);
  });

  it('logout repairs it too, exit 0', async () => {
    const cli = harness({ env: { XDG_CONFIG_HOME: home.dir, NO_COLOR: '1' } });
    expect(await cli.run('logout')).toBe(0);
    expect(cli.stderr.text).toContain('moved it to');
    await expect(stat(path)).rejects.toThrow('ENOENT');
    const after = harness({ env: { XDG_CONFIG_HOME: home.dir } });
    expect(await after.run('assistants', 'list')).toBe(4);
  });
});
