import { readConfig } from '../../config.ts';
import type { Deps } from '../shared.ts';
import { KEYS, valuesOf } from './values.ts';

/** `config list`: every key as key=value. */
export async function run(_opts: object, deps: Deps): Promise<void> {
  const config = await readConfig(deps.configPath);
  const values = valuesOf(deps, config);
  deps.io.stdout.write(KEYS.map((key) => `${key}=${values[key]}\n`).join(''));
}
