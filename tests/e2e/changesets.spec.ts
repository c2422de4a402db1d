import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The versioning flow CONTRIBUTING.md and the SDK README describe: a changeset file, then
 * `changeset version` writes each package's CHANGELOG.md and bumps the versions, the packages
 * that depend on it included, and leaves the private site alone. Run on a copy of the
 * manifests and .changeset/ (changesets reads nothing else), offline.
 */

const root = join(import.meta.dirname, '../..');
const exec = promisify(execFile);
const WORKSPACES = ['sdk', 'cli', 'packages/auth', 'packages/vapi-mock', 'site'];
const manifest = (dir: string, workspace: string) =>
  JSON.parse(readFileSync(join(dir, workspace, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };

let dir: string;
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a changeset becomes a CHANGELOG entry and version bumps; the private site keeps its version', async () => {
  test.setTimeout(60_000);
  // Inside the repository (git-ignored), so `@changesets/cli/changelog` resolves.
  mkdirSync(join(root, '.tsbuild'), { recursive: true });
  dir = mkdtempSync(join(root, '.tsbuild', 'changesets-'));
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  cpSync(join(root, '.changeset'), join(dir, '.changeset'), { recursive: true });
  for (const workspace of WORKSPACES) {
    mkdirSync(join(dir, workspace), { recursive: true });
    cpSync(join(root, workspace, 'package.json'), join(dir, workspace, 'package.json'));
  }
  const before = Object.fromEntries(WORKSPACES.map((w) => [w, manifest(dir, w).version]));
  writeFileSync(
    join(dir, '.changeset', 'listen-to-calls.md'),
    '---\n"@voxdesk/sdk": minor\n---\n\nAdd `vapi.calls.listen()`.\n',
  );

  const bin = join(root, 'node_modules/@changesets/cli/bin.js');
  await exec(process.execPath, [bin, 'version'], { cwd: dir, env: { ...process.env, CI: '1' } });

  const sdk = manifest(dir, 'sdk');
  const [major, minor] = before.sdk!.split('.').map(Number);
  expect(sdk.version).toBe(`${major}.${minor! + 1}.0`);
  expect(readFileSync(join(dir, 'sdk/CHANGELOG.md'), 'utf8')).toContain(
    `## ${sdk.version}\n\n### Minor Changes\n\n- Add \`vapi.calls.listen()\`.`,
  );
  // The CLI depends on the SDK: it gets a patch release naming the new SDK.
  expect(manifest(dir, 'cli').version).not.toBe(before.cli);
  expect(manifest(dir, 'cli').dependencies?.['@voxdesk/sdk']).toBe(`^${sdk.version}`);
  expect(readFileSync(join(dir, 'cli/CHANGELOG.md'), 'utf8')).toContain(`@voxdesk/sdk@${sdk.version}`);
  // Private: never versioned or published.
  expect(manifest(dir, 'site').version).toBe(before.site);
  // The changeset is used up.
  expect(() => readFileSync(join(dir, '.changeset', 'listen-to-calls.md'))).toThrow();
});
