import { readConfig, withConfigLock, writeConfig } from '../../config.ts';
import { UsageError } from '../../errors.ts';
import { printStatus } from '../../output/print.ts';
import type { Deps } from '../shared.ts';
import type { DeleteOpts } from './index.ts';

/** `voxdesk alias delete <name>`. */
export async function run({ name }: DeleteOpts, deps: Deps): Promise<void> {
  await withConfigLock(deps.configPath, 'alias delete', async () => {
    const config = await readConfig(deps.configPath);
    if (config.aliases?.[name] === undefined)
      throw new UsageError(
        `no alias "${name}"${config.aliases ? `; aliases: ${Object.keys(config.aliases).sort().join(', ')}` : ''}`,
      );
    const { [name]: _removed, ...rest } = config.aliases;
    const { aliases: _all, ...others } = config;
    await writeConfig(deps.configPath, {
      ...others,
      ...(Object.keys(rest).length > 0 ? { aliases: rest } : {}),
    });
  });
  printStatus(deps, `Deleted alias ${name}`);
}
