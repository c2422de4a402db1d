import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createFakeVapi } from '@voxdesk/vapi-mock';
import { writeConfig } from '../src/config.ts';
import { harness, tempConfigHome } from './harness.ts';
import { TOKEN } from './fake-api.ts';

// Two fake Vapis on two origins: each request must land on the one the settings name.
const production = createFakeVapi({ token: TOKEN, seed: { assistants: [{ name: 'On production' }] } });
const staging = createFakeVapi({
  token: TOKEN,
  baseUrl: 'https://staging.vapi.test',
  seed: { assistants: [{ name: 'On staging' }] },
});
const server = setupServer(...production.handlers, ...staging.handlers);
let home: Awaited<ReturnType<typeof tempConfigHome>>;

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  home = await tempConfigHome();
});
afterEach(() => {
  production.reset();
  staging.reset();
});
afterAll(async () => {
  server.close();
  await home.cleanup();
});

async function names(env: Record<string, string>, ...flags: string[]): Promise<string[]> {
  const cli = harness({ env: { VAPI_TOKEN: TOKEN, XDG_CONFIG_HOME: home.dir, ...env } });
  const code = await cli.run('assistants', 'list', '--json', ...flags);
  expect(cli.stderr.text).toBe('');
  expect(code).toBe(0);
  return (JSON.parse(cli.stdout.text) as { name: string }[]).map((assistant) => assistant.name);
}

describe('base URL', () => {
  it('defaults to https://api.vapi.ai', async () => {
    expect(await names({})).toEqual(['On production']);
  });

  it('an environment token goes to VAPI_BASE_URL or the default, never to a stored URL', async () => {
    await writeConfig(`${home.dir}/voxdesk/config.json`, { baseUrl: 'https://staging.vapi.test' });
    expect(await names({})).toEqual(['On production']);
    expect(await names({ VAPI_BASE_URL: 'https://staging.vapi.test/' })).toEqual(['On staging']);
    // --base-url naming the very URL the environment gives is no mixing.
    expect(
      await names({ VAPI_BASE_URL: 'https://staging.vapi.test' }, '--base-url', 'https://staging.vapi.test/'),
    ).toEqual(['On staging']);
    expect(staging.state.requests.map((request) => request.path)).toEqual(['/assistant', '/assistant']);
  });

  it('refuses to send an environment token to another --base-url (exit 2, nothing sent)', async () => {
    const cli = harness({ env: { VAPI_TOKEN: TOKEN, XDG_CONFIG_HOME: home.dir } });
    expect(await cli.run('--base-url', 'https://staging.vapi.test', 'assistants', 'list')).toBe(2);
    expect(cli.stderr.text).toBe(
      'voxdesk: the token from VAPI_TOKEN goes to VAPI_BASE_URL (or https://api.vapi.ai), here https://api.vapi.ai; not sending the token to --base-url https://staging.vapi.test: set VAPI_BASE_URL instead of --base-url, or unset VAPI_TOKEN to use a stored profile\n',
    );
    expect(production.state.requests).toEqual([]);
    expect(staging.state.requests).toEqual([]);
  });

  it('--token pairs with --base-url, whatever the environment says', async () => {
    const cli = harness({ env: { VAPI_TOKEN: 'sk-other', VAPI_BASE_URL: 'https://api.vapi.ai' } });
    expect(
      await cli.run(
        '--token',
        TOKEN,
        '--base-url',
        'https://staging.vapi.test',
        'assistants',
        'list',
        '--json',
      ),
    ).toBe(0);
    expect(staging.state.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(production.state.requests).toEqual([]);
  });

  it('rejects a base URL that is not http(s) without sending anything', async () => {
    const cli = harness({ env: { VAPI_TOKEN: TOKEN } });
    expect(await cli.run('--base-url', 'ftp://api.vapi.ai', 'assistants', 'list')).toBe(2);
    expect(cli.stderr.text).toContain('use an http(s) URL such as https://api.vapi.ai');
    expect(production.state.requests).toEqual([]);
  });

  it.each(['https://user:secret@api.vapi.ai', 'https://token@api.vapi.ai'])(
    'rejects a base URL with credentials (%s) with its own message, without sending anything',
    async (url) => {
      const cli = harness({ env: { VAPI_TOKEN: TOKEN } });
      expect(await cli.run('--base-url', url, 'assistants', 'list')).toBe(2);
      expect(cli.stderr.text).toContain('the token goes in VAPI_TOKEN, not the URL');
      expect(cli.stderr.text).not.toContain('new Vapi(options)');
      expect(production.state.requests).toEqual([]);
    },
  );
});
