import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const launcher = fileURLToPath(new URL('../bin/voxdesk.js', import.meta.url));

/** The machine's own Node (20 here), which `node_modules/.bin/voxdesk`'s shebang picks. */
const systemNode = '/usr/bin/node';
const systemMajor = existsSync(systemNode)
  ? Number((await exec(systemNode, ['--version'])).stdout.slice(1).split('.')[0])
  : undefined;

describe('the launcher (defect 2)', () => {
  it.runIf(systemMajor !== undefined && systemMajor < 22)(
    'under an old Node prints one line naming both versions and exits 1',
    async () => {
      const result = await exec(systemNode, [launcher, '--version']).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^voxdesk needs Node >=22\.13 — found 20\.\d+\.\d+\n$/);
    },
  );

  it('takes the minimum from package.json engines, which the README states too', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe('>=22.13');
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('Node ≥ 22.13');
  });
});
