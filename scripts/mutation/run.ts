/**
 * `npm run test:mutation [-- <stryker options>]`: Stryker (stryker.config.mjs; `--force` for a
 * full run instead of the incremental one), then each module's score (score.ts), which decides
 * the exit code.
 */
import { spawnSync } from 'node:child_process';

const stryker = spawnSync('stryker', ['run', ...process.argv.slice(2)], { stdio: 'inherit' });
if (stryker.status !== 0) process.exit(stryker.status ?? 1);
const score = spawnSync(process.execPath, ['scripts/mutation/score.ts'], { stdio: 'inherit' });
process.exit(score.status ?? 1);
