import { describe, expect, it, vi } from 'vitest';
import { harness } from './harness.ts';
import { TOKEN, authed, useFakeVapi } from './fake-api.ts';

useFakeVapi({ assistants: [{ name: 'Reception' }] });

describe('--verbose', () => {
  it('logs requests and responses to stderr with the token redacted', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--verbose', '--limit', '2')).toBe(0);
    expect(cli.stderr.text).toContain('> GET https://api.vapi.ai/assistant?limit=3\n');
    expect(cli.stderr.text).toContain('> authorization: Bearer [redacted]\n');
    expect(cli.stderr.text).toMatch(/< 200 OK \(\d+ ms\)\n/);
    expect(cli.stderr.text).toMatch(/< cf-ray: [\w-]+\n/);
    expect(cli.stderr.text).not.toContain(TOKEN);
    expect(cli.stdout.text).toMatch(/\tReception\t/);
  });

  it('redacts a token that appears anywhere in a logged line', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('api', 'GET', `/assistant?echo=${TOKEN}`, '--verbose')).toBe(0);
    expect(cli.stderr.text).toContain('echo=[redacted]');
    expect(cli.stderr.text).not.toContain(TOKEN);
  });

  it('sends through the injected fetch', async () => {
    const fetch = vi.fn((input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) =>
      globalThis.fetch(input, init),
    );
    const cli = harness({ env: authed, fetch });
    expect(await cli.run('assistants', 'list')).toBe(0);
    expect(fetch).toHaveBeenCalledOnce();
  });
});
