// Issue 25: writes run in parallel, bounded, and ride out Vapi's rate limit in one run.
// The limit is low against COUNT so that some writes are always refused and retried: at 10/s,
// 40 writes escape every 429 only if the CLI sends fewer than 10 a second, which even a loaded
// CI machine does not (at 80 writes against 50/s, one CI run at load saw no 429 at all). The
// fake's Retry-After is whole seconds, so this waits about 4 s. 500 writes at scale (without
// the limit) are measured by `cli/bench/gitops.ts`.
const COUNT = 40;
const PER_SECOND = 10;
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';
import { harness } from './harness.ts';
import { TOKEN, work, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

describe(`${COUNT} updates under a ${PER_SECOND} requests/s limit`, () => {
  it('finish in one run: updates are retried after Retry-After, at most 8 in flight', async () => {
    const tools = Array.from({ length: COUNT }, (_, i) => ({
      type: 'function',
      function: { name: `tool_${i}`, description: `Tool ${i}` },
    }));
    const limited = await startFakeVapiServer({
      token: TOKEN,
      rateLimit: { requests: PER_SECOND, windowMs: 1000 },
      seed: { collections: { '/tool': tools } },
    });
    try {
      const env = { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: limited.url, NO_COLOR: '1' };
      const dir = join(work, 'vapi');
      const pull = harness({ env });
      expect(await pull.run('pull', '--dir', dir, '--only', 'tools')).toBe(0);
      const folder = join(dir, 'tools');
      const names = await readdir(folder);
      expect(names).toHaveLength(COUNT);
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
      expect(apply.stderr.text).toContain(`Applied ${COUNT} changes`);
      const patches = limited.state.requests.filter((request) => request.method === 'PATCH');
      // Some were refused with 429 and sent again; every tool ends edited.
      expect(patches.length).toBeGreaterThan(COUNT);
      expect(most).toBeLessThanOrEqual(8);
      const stored = [...(limited.state.collections.get('/tool')?.values() ?? [])];
      expect(
        stored.filter((tool) => (tool.function as { description: string }).description.startsWith('Edited')),
      ).toHaveLength(COUNT);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
