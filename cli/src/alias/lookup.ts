import type { Command } from 'commander';
import type { Factory } from '../factory.ts';

/** The names the command line already means: top-level commands and their aliases. */
export function builtins(program: Command): Set<string> {
  const names = new Set(['help', '__complete']);
  for (const command of program.commands) {
    names.add(command.name());
    for (const alias of command.aliases()) names.add(alias);
  }
  return names;
}

/**
 * The command line with a leading alias expanded, read before commander parses it. Only a
 * first word that is no command is looked up, so built-ins never read the config file here.
 */
export async function withAliases(
  factory: Factory,
  program: Command,
  argv: readonly string[],
): Promise<string[]> {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-') || builtins(program).has(first)) return [...argv];
  const { readSettings } = await import('../config.ts');
  const expansion = (await readSettings(factory.configPath)).aliases?.[first];
  if (expansion === undefined) return [...argv];
  const { expandAlias } = await import('./expand.ts');
  return expandAlias(expansion, rest);
}
