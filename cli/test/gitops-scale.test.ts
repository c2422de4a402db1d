// Issue 25: writes run in parallel, bounded, and ride out Vapi's rate limit in one run.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';
import { harness } from './harness.ts';
import { TOKEN, work, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

describe('500 updates under a 50 requests/s limit', () => {
  it('finish in one run: updates are retried after Retry-After, at most 8 in flight', async () => {
    const tools = Array.from({ length: 500 }, (_, i) => ({
      type: 'function',
      function: { name: `tool_${i}`, description: `Tool ${i}` },
    }));
    const limited = await startFakeVapiServer({
      token: TOKEN,
      rateLimit: { requests: 50, windowMs: 1000 },
      seed: { collections: { '/tool': tools } },
    });
    try {
      const env = { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: limited.url, NO_COLOR: '1' };
      const dir = join(work, 'vapi');
      const pull = harness({ env });
      expect(await pull.run('pull', '--dir', dir, '--only', 'tools')).toBe(0);
      const folder = join(dir, 'tools');
      const names = await readdir(folder);
      expect(names).toHaveLength(500);
      for (const name of names) {
        const path = join(folder, name);
        await writeFile(
          path,
          (await readFile(path, 'utf8')).replace('description: Tool', 'description: Edited tool'),
        );
      }
      limited.state.requests.length = 0;
      let inFlight = 0;
      let most = 0;
      const counting: typeof fetch = async (input, init) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          return await fetch(input, init);
        } finally {
          inFlight -= 1;
        }
      };
      const apply = harness({ env, fetch: counting });
      const code = await apply.run('apply', '--dir', dir, '--yes');
      expect(apply.stderr.text.split('\n').filter((line) => line.startsWith('✗'))).toEqual([]);
      expect(code).toBe(0);
      expect(apply.stderr.text).toContain('Applied 500 changes');
      const patches = limited.state.requests.filter((request) => request.method === 'PATCH');
      // Some were refused with 429 and sent again; every tool ends edited.
      expect(patches.length).toBeGreaterThan(500);
      expect(most).toBeLessThanOrEqual(8);
      const stored = [...(limited.state.collections.get('/tool')?.values() ?? [])];
      expect(
        stored.filter((tool) => (tool.function as { description: string }).description.startsWith('Edited')),
      ).toHaveLength(500);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
