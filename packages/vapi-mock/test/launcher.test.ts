/** The committed `bin/vapi-mock.js` launcher that npm links as `vapi-mock`. */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  // On a copy of the launcher beside a dist/ of its own: `npm test` builds the real dist/ while
  // the unit tests run, so the package's own dist/ may appear or be half-written mid-test. The
  // real built command's --help is run from its tarball by tests/e2e/packages.spec.ts.
  it('says how to build when dist/ is missing, and runs dist/cli.js once it is there', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'vapi-mock-launcher-'));
    try {
      mkdirSync(join(copy, 'bin'));
      copyFileSync(launcher, join(copy, 'bin/vapi-mock.js'));
      copyFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), join(copy, 'package.json'));
      const run = () =>
        exec(process.execPath, [join(copy, 'bin/vapi-mock.js'), '--help']).then(
          (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        );
      const unbuilt = await run();
      expect(unbuilt.code).toBe(1);
      expect(unbuilt.stderr).toBe(
        'vapi-mock is not built yet. Run: npm run build -w @voxdesk/sdk -w @voxdesk/vapi-mock\n',
      );

      mkdirSync(join(copy, 'dist'));
      writeFileSync(
        join(copy, 'dist/cli.js'),
        "console.log('Usage: vapi-mock', process.argv.slice(2).join(' '));\n",
      );
      const built = await run();
      expect(built).toMatchObject({ code: 0, stdout: 'Usage: vapi-mock --help\n', stderr: '' });
    } finally {
      rmSync(copy, { recursive: true, force: true });
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
