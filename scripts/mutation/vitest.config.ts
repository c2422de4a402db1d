import { matchesGlob } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import cli from '../../cli/vitest.config.ts';
import auth from '../../packages/auth/vitest.config.ts';
import sdk from '../../sdk/vitest.config.ts';
import site from '../../site/vitest.config.ts';
import siteServer from '../../site/vitest.server.config.ts';
import root from '../../vitest.config.ts';
import scripts from '../vitest.config.ts';
import { MUTATED } from './modules.ts';

const CANARY_TEST = 'scripts/mutation/canary.test.ts';

/**
 * The vitest config Stryker runs (stryker.config.mjs): each workspace's own project config, its
 * `include` narrowed to the test files that own a mutated module (modules.ts). Stryker's
 * `related` mode then picks, among those, the files that import the mutated module.
 */
const workspaces: [dir: string, config: TestProjectInlineConfiguration][] = [
  ['sdk', sdk],
  ['packages/auth', auth],
  ['cli', cli],
  ['site', site],
  ['site', siteServer],
  ['scripts', scripts],
];

/** Whether a project's own include globs take the file (a workspace may split into projects). */
const takes = (config: TestProjectInlineConfiguration, file: string) =>
  (config.test?.include ?? ['**/*.test.ts']).some((glob) => matchesGlob(file, glob));

const projects = workspaces.flatMap(([dir, config]) => {
  const include = [CANARY_TEST, ...MUTATED.flatMap((m) => m.tests)]
    .filter((glob) => glob.startsWith(`${dir}/`))
    .map((glob) => glob.slice(dir.length + 1))
    .filter((file) => takes(config, file));
  // A flood test near its 5 s default timed out in Stryker's dry run on a loaded machine; a
  // mutant's hang is still cut short by Stryker's own timeout (stryker.config.mjs).
  return include.length
    ? [{ ...config, root: dir, test: { ...config.test, include, testTimeout: 60_000 } }]
    : [];
});

export default defineConfig({ test: { ...root.test, projects } });
