import type { Command } from 'commander';
import { readConfig, writeConfig } from '../config.ts';
import { UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { printStatus } from '../output/print.ts';
import { aliasWords } from './expand.ts';
import { builtins } from './lookup.ts';

const root = (command: Command) => {
  let at = command;
  while (at.parent) at = at.parent;
  return at;
};

/** `voxdesk alias set <name> <expansion>`: stored in the config file, checked first. */
export async function setAlias(factory: Factory, command: Command): Promise<void> {
  const [name = '', expansion = ''] = command.args;
  const known = builtins(root(command));
  if (!/^[A-Za-z][\w-]*$/.test(name))
    throw new UsageError(`an alias name is a letter then letters, digits, - or _ (got "${name}")`);
  if (known.has(name)) throw new UsageError(`"${name}" is a voxdesk command: an alias cannot shadow it`);
  const [first = ''] = aliasWords(expansion);
  if (!known.has(first) || first === '__complete')
    throw new UsageError(
      `an alias expands to a voxdesk command: "${first}" is not one (e.g. voxdesk alias set ${name} 'assistants list --json id,name')`,
    );
  const config = await readConfig(factory.configPath);
  const had = config.aliases?.[name];
  await writeConfig(factory.configPath, { ...config, aliases: { ...config.aliases, [name]: expansion } });
  printStatus(factory, `${had === undefined ? 'Added' : 'Changed'} alias ${name}: ${expansion}`);
}

/** `voxdesk alias list`: `name<TAB>expansion` per line (aligned with ": " on a terminal). */
export async function listAliases(factory: Factory): Promise<void> {
  const aliases = Object.entries((await readConfig(factory.configPath)).aliases ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  const { io } = factory;
  if (aliases.length === 0) {
    if (io.isStdoutTTY) io.stderr.write('No aliases: add one with `voxdesk alias set <name> <expansion>`.\n');
    return;
  }
  const width = Math.max(...aliases.map(([name]) => name.length));
  for (const [name, expansion] of aliases)
    io.stdout.write(
      io.isStdoutTTY ? `${`${name}:`.padEnd(width + 2)}${expansion}\n` : `${name}\t${expansion}\n`,
    );
}

/** `voxdesk alias delete <name>`. */
export async function deleteAlias(factory: Factory, command: Command): Promise<void> {
  const [name = ''] = command.args;
  const config = await readConfig(factory.configPath);
  if (config.aliases?.[name] === undefined)
    throw new UsageError(
      `no alias "${name}"${config.aliases ? `; aliases: ${Object.keys(config.aliases).sort().join(', ')}` : ''}`,
    );
  const { [name]: _removed, ...rest } = config.aliases;
  const { aliases: _all, ...others } = config;
  await writeConfig(factory.configPath, {
    ...others,
    ...(Object.keys(rest).length > 0 ? { aliases: rest } : {}),
  });
  printStatus(factory, `Deleted alias ${name}`);
}
