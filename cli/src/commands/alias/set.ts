import { readConfig, withConfigLock, writeConfig } from '../../config.ts';
import { UsageError } from '../../errors.ts';
import { printStatus } from '../../output/print.ts';
import { aliasWords } from '../../alias/expand.ts';
import type { Deps } from '../shared.ts';
import type { SetOpts } from './index.ts';

/**
 * `voxdesk alias set <name> <expansion>`: stored in the config file, checked first. `known`
 * is the command line's own words (top-level commands and their aliases).
 */
export async function run(
  { name, expansion }: SetOpts,
  deps: Deps,
  known: ReadonlySet<string>,
): Promise<void> {
  if (!/^[A-Za-z][\w-]*$/.test(name))
    throw new UsageError(`an alias name is a letter then letters, digits, - or _ (got "${name}")`);
  if (known.has(name)) throw new UsageError(`"${name}" is a voxdesk command: an alias cannot shadow it`);
  const [first = ''] = aliasWords(expansion);
  if (!known.has(first) || first === '__complete')
    throw new UsageError(
      `an alias expands to a voxdesk command: "${first}" is not one (e.g. voxdesk alias set ${name} 'assistants list --json id,name')`,
    );
  const had = await withConfigLock(deps.configPath, 'alias set', async () => {
    const config = await readConfig(deps.configPath);
    await writeConfig(deps.configPath, { ...config, aliases: { ...config.aliases, [name]: expansion } });
    return config.aliases?.[name];
  });
  printStatus(deps, `${had === undefined ? 'Added' : 'Changed'} alias ${name}: ${expansion}`);
}
