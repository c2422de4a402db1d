/** The committed `bin/vapi-mock.js` launcher that npm links as `vapi-mock`. */
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const launcher = fileURLToPath(new URL('../bin/vapi-mock.js', import.meta.url));
const linked = fileURLToPath(new URL('../../../node_modules/.bin/vapi-mock', import.meta.url));

/** The machine's own Node (20 here), which the launcher's shebang picks outside npm scripts. */
const systemNode = '/usr/bin/node';
const systemMajor = existsSync(systemNode)
  ? Number((await exec(systemNode, ['--version'])).stdout.slice(1).split('.')[0])
  : undefined;

describe('the vapi-mock launcher', () => {
  it('is what npm links as the workspace bin, so `npx vapi-mock` finds it on a fresh clone', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      bin: Record<string, string>;
      files: string[];
    };
    expect(pkg.bin['vapi-mock']).toBe('./bin/vapi-mock.js');
    expect(pkg.files).toContain('bin');
    expect(realpathSync(linked)).toBe(launcher);
  });

  it('runs the built command (--help prints the usage)', async () => {
    const built = existsSync(fileURLToPath(new URL('../dist/cli.js', import.meta.url)));
    const result = await exec(process.execPath, [launcher, '--help']).then(
      (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    if (built) {
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: vapi-mock /);
    } else {
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'vapi-mock is not built yet. Run: npm run build -w @voxdesk/sdk -w @voxdesk/vapi-mock\n',
      );
    }
  });

  it.runIf(systemMajor !== undefined && systemMajor < 22)(
    'under an old Node prints one line naming both versions and exits 1',
    async () => {
      const result = await exec(systemNode, [launcher, '--help']).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^vapi-mock needs Node >=22\.13 — found 20\.\d+\.\d+\n$/);
    },
  );
});
