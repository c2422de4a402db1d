import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import cli from '../../cli/vitest.config.ts';
import auth from '../../packages/auth/vitest.config.ts';
import sdk from '../../sdk/vitest.config.ts';
import site from '../../site/vitest.config.ts';
import root from '../../vitest.config.ts';
import scripts from '../vitest.config.ts';
import { MUTATED } from './modules.ts';

const CANARY_TEST = 'scripts/mutation/canary.test.ts';

/**
 * The vitest config Stryker runs (stryker.config.mjs): each workspace's own project config, its
 * `include` narrowed to the test files that own a mutated module (modules.ts). Stryker's
 * `related` mode then picks, among those, the files that import the mutated module.
 */
const workspaces: Record<string, TestProjectInlineConfiguration> = {
  sdk,
  'packages/auth': auth,
  cli,
  site,
  scripts,
};

const projects = Object.entries(workspaces).flatMap(([dir, config]) => {
  const include = [CANARY_TEST, ...MUTATED.flatMap((m) => m.tests)]
    .filter((glob) => glob.startsWith(`${dir}/`))
    .map((glob) => glob.slice(dir.length + 1));
  // A flood test near its 5 s default timed out in Stryker's dry run on a loaded machine; a
  // mutant's hang is still cut short by Stryker's own timeout (stryker.config.mjs).
  return include.length
    ? [{ ...config, root: dir, test: { ...config.test, include, testTimeout: 60_000 } }]
    : [];
});

export default defineConfig({ test: { ...root.test, projects } });
