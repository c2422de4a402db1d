import { readConfig } from '../../config.ts';
import type { Deps } from '../shared.ts';
import type { GetOpts } from './index.ts';
import { keyOf, valuesOf } from './values.ts';

/** `config get <key>`: one value on stdout. */
export async function run(opts: GetOpts, deps: Deps): Promise<void> {
  const key = keyOf(opts.key);
  const config = await readConfig(deps.configPath);
  deps.io.stdout.write(`${valuesOf(deps, config)[key]}\n`);
}
