import { chmod, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSecret } from '../src/input/prompt.ts';
import { writeConfig } from '../src/config.ts';
import { harness, tempConfigHome } from './harness.ts';
import { TOKEN, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi();
let home: Awaited<ReturnType<typeof tempConfigHome>>;
beforeEach(async () => {
  home = await tempConfigHome();
});
afterEach(() => home.cleanup());

const configFile = () => join(home.dir, 'voxdesk', 'config.json');
const env = (extra: Record<string, string> = {}) => ({ XDG_CONFIG_HOME: home.dir, NO_COLOR: '1', ...extra });

describe('login', () => {
  it('--with-token reads stdin, verifies with one call, stores the token with mode 0600', async () => {
    const cli = harness({ env: env(), stdin: `${TOKEN}\n` });
    expect(await cli.run('login', '--with-token')).toBe(0);
    expect(fake.state.requests.map((r) => `${r.method} ${r.path}${r.search}`)).toEqual([
      'GET /assistant?limit=1',
    ]);
    expect(JSON.parse(await readFile(configFile(), 'utf8'))).toEqual({ token: TOKEN });
    expect((await stat(configFile())).mode & 0o777).toBe(0o600);
    expect(cli.stderr.text).toBe(`✓ Logged in to https://api.vapi.ai; token stored in ${configFile()}\n`);
    expect(cli.stdout.text + cli.stderr.text).not.toContain(TOKEN);

    const after = harness({ env: env() });
    expect(await after.run('assistants', 'list', '--json')).toBe(0);
    expect(fake.state.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('prompts without echo on a terminal', async () => {
    const cli = harness({ tty: true, env: env(), stdin: `${TOKEN}\n` });
    expect(await cli.run('login')).toBe(0);
    expect(cli.stderr.text).toContain('Paste your Vapi API token (input hidden): ');
    expect(cli.stderr.text).not.toContain(TOKEN);
    expect(JSON.parse(await readFile(configFile(), 'utf8')).token).toBe(TOKEN);
  });

  it('reads a raw-mode terminal key by key, honouring backspace, restoring the mode', async () => {
    const stdin = Object.assign(new PassThrough(), {
      isRaw: false,
      modes: [] as boolean[],
      setRawMode(raw: boolean) {
        this.modes.push(raw);
        this.isRaw = raw;
      },
    });
    const stderr = new PassThrough();
    let echoed = '';
    stderr.on('data', (chunk: Buffer) => (echoed += chunk.toString()));
    const io = {
      stdin,
      stderr,
      stdout: new PassThrough(),
      isStdinTTY: true,
      isStdoutTTY: true,
      isStderrTTY: true,
      colorEnabled: false,
      terminalWidth: 80,
    };
    const secret = readSecret(io, 'Token: ');
    stdin.write('sk-X\u007f');
    stdin.write('abc\r');
    expect(await secret).toBe('sk-abc');
    expect(stdin.modes).toEqual([true, false]);
    expect(echoed).toBe('Token: \n');
  });

  it('refuses a rejected token (exit 4) and stores nothing', async () => {
    const cli = harness({ env: env(), stdin: 'sk-wrong-but-long\n' });
    expect(await cli.run('login', '--with-token')).toBe(4);
    expect(cli.stderr.text).toContain('the API rejected the token');
    expect(cli.stderr.text).not.toContain('sk-wrong-but-long');
    await expect(stat(configFile())).rejects.toThrow('ENOENT');
  });

  it('needs --with-token when stdin is not a terminal, and a non-empty token', async () => {
    const piped = harness({ env: env(), stdin: TOKEN });
    expect(await piped.run('login')).toBe(2);
    expect(piped.stderr.text).toContain('pipe the token with `voxdesk login --with-token`');
    const empty = harness({ env: env(), stdin: '\n' });
    expect(await empty.run('login', '--with-token')).toBe(2);
    expect(fake.state.requests).toEqual([]);
  });

  it('stores --base-url given at login and warns when an env token shadows the file', async () => {
    const cli = harness({ env: env({ VAPI_API_KEY: TOKEN }), stdin: TOKEN });
    expect(await cli.run('login', '--with-token', '--base-url', 'https://api.vapi.ai/')).toBe(0);
    expect(JSON.parse(await readFile(configFile(), 'utf8'))).toEqual({
      token: TOKEN,
      baseUrl: 'https://api.vapi.ai',
    });
    expect(cli.stderr.text).toContain('! VAPI_API_KEY is set and takes precedence over the stored token');
  });
});

describe('auth status', () => {
  it.each([
    [['--token', TOKEN], {}, '--token'],
    [[], { VAPI_TOKEN: TOKEN, VAPI_API_KEY: 'sk-other-key' }, 'VAPI_TOKEN'],
    [[], { VAPI_API_KEY: TOKEN }, 'VAPI_API_KEY'],
  ])('names the source %#, checks the token and never prints it', async (flags, extra, source) => {
    const cli = harness({ env: env(extra) });
    expect(await cli.run('auth', 'status', ...flags)).toBe(0);
    expect(cli.stdout.text).toBe(
      `Logged in to https://api.vapi.ai\nURL source: the default\nToken source: ${source}\nToken: ********${TOKEN.slice(-4)} — valid (checked with GET /assistant)\n`,
    );
    expect(cli.stdout.text + cli.stderr.text).not.toContain(TOKEN);
    expect(fake.state.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('names the config file after login, and the flag wins over it', async () => {
    expect(await harness({ env: env(), stdin: TOKEN }).run('login', '--with-token')).toBe(0);
    const cli = harness({ env: env() });
    expect(await cli.run('auth', 'status')).toBe(0);
    expect(cli.stdout.text).toContain(`Token source: the config file (${configFile()})`);
    const flag = harness({ env: env() });
    expect(await flag.run('--token', 'sk-not-the-stored-one', 'auth', 'status')).toBe(4);
    expect(fake.state.requests.at(-1)!.headers.authorization).toBe('Bearer sk-not-the-stored-one');
    expect(flag.stderr.text).not.toContain('sk-not-the-stored-one');
  });

  it('exits 4 when the API rejects the token, naming the source and the fix (defect 10)', async () => {
    const cli = harness({ env: env({ VAPI_TOKEN: 'sk-revoked-token' }) });
    expect(await cli.run('auth', 'status')).toBe(4);
    expect(cli.stderr.text).toBe(
      'voxdesk: the API rejected the token from VAPI_TOKEN (401 from GET /assistant); set VAPI_TOKEN to a valid private key, or unset it to use the token stored by `voxdesk login`\n',
    );
    await writeConfig(configFile(), { token: 'sk-stored-but-revoked' });
    const stored = harness({ env: env() });
    expect(await stored.run('auth', 'status')).toBe(4);
    expect(stored.stderr.text).toContain(
      `the API rejected the token from the config file (401 from GET /assistant); run \`voxdesk login\` to replace the token stored in ${configFile()}`,
    );
  });

  it('--json reports source, masked token and validity; exit 4 when rejected', async () => {
    const ok = harness({ env: env({ VAPI_API_KEY: TOKEN }) });
    expect(await ok.run('auth', 'status', '--json')).toBe(0);
    expect(JSON.parse(ok.stdout.text)).toEqual({
      baseUrl: 'https://api.vapi.ai',
      baseUrlSource: 'default',
      profile: 'default',
      source: 'VAPI_API_KEY',
      configPath: configFile(),
      token: `********${TOKEN.slice(-4)}`,
      valid: true,
    });
    const bad = harness({ env: env({ VAPI_TOKEN: 'sk-revoked-token' }) });
    expect(await bad.run('auth', 'status', '--json')).toBe(4);
    expect(JSON.parse(bad.stdout.text)).toMatchObject({
      source: 'VAPI_TOKEN',
      valid: false,
      fix: expect.stringContaining('unset it'),
    });
    expect(bad.stderr.text).toBe('');
    expect(bad.stdout.text).not.toContain('sk-revoked-token');
    const none = harness({ env: env() });
    expect(await none.run('auth', 'status', '--json')).toBe(4);
    expect(JSON.parse(none.stdout.text)).toMatchObject({
      source: null,
      token: null,
      valid: false,
      error: 'no token',
    });
  });

  it('VAPI_BASE_URL=notaurl names the variable, exit 2, nothing sent', async () => {
    for (const argv of [
      ['auth', 'status'],
      ['assistants', 'list'],
    ]) {
      const cli = harness({ env: env({ VAPI_TOKEN: TOKEN, VAPI_BASE_URL: 'notaurl' }) });
      expect(await cli.run(...argv)).toBe(2);
      expect(cli.stderr.text).toBe(
        'voxdesk: VAPI_BASE_URL is not a valid base URL ("notaurl"): use an http(s) URL such as https://api.vapi.ai (the token goes in VAPI_TOKEN, not the URL).\n',
      );
    }
    expect(fake.state.requests).toEqual([]);
  });

  it('exits 4 when there is no token at all', async () => {
    const cli = harness({ env: env() });
    expect(await cli.run('auth', 'status')).toBe(4);
    expect(cli.stderr.text).toContain('not logged in');
    expect(fake.state.requests).toEqual([]);
  });
});

describe('a stored token readable by others', () => {
  it('is still used, with a warning naming the fix', async () => {
    expect(await harness({ env: env(), stdin: TOKEN }).run('login', '--with-token')).toBe(0);
    await chmod(configFile(), 0o644);
    const cli = harness({ env: env() });
    expect(await cli.run('assistants', 'list')).toBe(0);
    expect(cli.stderr.text).toBe(
      `! ${configFile()} is readable by other users (mode 0644); run \`chmod 600 ${configFile()}\`\n`,
    );
    await chmod(configFile(), 0o600);
    const quiet = harness({ env: env() });
    expect(await quiet.run('assistants', 'list')).toBe(0);
    expect(quiet.stderr.text).toBe('');
  });
});

describe('logout', () => {
  it('removes the stored token; a second logout is exit 4', async () => {
    expect(await harness({ env: env(), stdin: TOKEN }).run('login', '--with-token')).toBe(0);
    const cli = harness({ env: env() });
    expect(await cli.run('logout')).toBe(0);
    await expect(stat(configFile())).rejects.toThrow('ENOENT');
    const again = harness({ env: env() });
    expect(await again.run('logout')).toBe(4);
    expect(again.stderr.text).toContain('not logged in');
  });
});

describe('--token (defect 12)', () => {
  it('is hidden from help and completion, still works, and warns to use the environment', async () => {
    const help = harness();
    expect(await help.run('--help')).toBe(0);
    expect(help.stdout.text).not.toContain('--token');
    expect(help.stdout.text).toContain('VAPI_TOKEN');
    const completion = harness();
    expect(await completion.run('__complete', '--t')).toBe(0);
    expect(completion.stdout.text).not.toContain('--token');

    const cli = harness({ env: env() });
    expect(await cli.run('--token', TOKEN, 'assistants', 'list')).toBe(0);
    expect(cli.stderr.text).toBe(
      '! --token is deprecated: the token shows in `ps` and shell history; set VAPI_TOKEN or run `voxdesk login --with-token` instead\n',
    );
    expect(fake.state.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const quiet = harness({ env: env({ VAPI_TOKEN: TOKEN }) });
    expect(await quiet.run('assistants', 'list')).toBe(0);
    expect(quiet.stderr.text).toBe('');
  });
});
