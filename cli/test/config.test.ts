import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveBaseUrl, resolveToken } from '../src/auth/token.ts';
import { readConfig, removeToken, writeConfig } from '../src/config.ts';
import { configPathFor } from '../src/factory.ts';
import { tempConfigHome } from './harness.ts';

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
  it('--base-url > VAPI_BASE_URL > config file', () => {
    expect(resolveBaseUrl('http://a', { VAPI_BASE_URL: 'http://b' }, { baseUrl: 'http://c' })).toBe(
      'http://a',
    );
    expect(resolveBaseUrl(undefined, { VAPI_BASE_URL: 'http://b' }, { baseUrl: 'http://c' })).toBe(
      'http://b',
    );
    expect(resolveBaseUrl(undefined, {}, { baseUrl: 'http://c' })).toBe('http://c');
    expect(resolveBaseUrl(undefined, {}, {})).toBeUndefined();
  });
});
