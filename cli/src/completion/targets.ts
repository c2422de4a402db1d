import type { Argument, Command, Option } from 'commander';
import { resources, type ResourceSpec } from '../commands/resources/catalog.ts';

/** What a word being completed names, beyond the static tree (commands, flags, choices). */
export type Target =
  | { kind: 'profiles' }
  | { kind: 'config-keys' }
  | { kind: 'config-values'; key: string }
  | { kind: 'records'; spec: ResourceSpec; names: boolean };

/** Flags that take the id of one record, by the resource they name. */
const RECORD_FLAGS: Record<string, ResourceSpec['sdk']> = {
  '--assistant': 'assistants',
  '--squad': 'squads',
  '--phone-number': 'phoneNumbers',
  '--call': 'calls',
};

const specOf = (sdk: ResourceSpec['sdk']) => resources.find((spec) => spec.sdk === sdk);

/** The resource group a command sits in (`assistants get`, `calls watch`), aliases included. */
const groupSpec = (command: Command) =>
  command.parent ? resources.find((spec) => spec.name === command.parent!.name()) : undefined;

/** The target of a flag's value (`--profile <TAB>`, `--assistant <TAB>`). */
export function optionTarget(option: Option): Target | undefined {
  if (option.long === '--profile') return { kind: 'profiles' };
  const sdk = option.long ? RECORD_FLAGS[option.long] : undefined;
  const spec = sdk && specOf(sdk);
  // A flag whose help says it takes a name too (`assistant id or name`) completes names.
  return spec ? { kind: 'records', spec, names: /\bor name\b/.test(option.description) } : undefined;
}

/** The target of a positional argument (`auth switch <profile>`, `assistants get <id>`). */
export function argumentTarget(
  command: Command,
  argument: Argument,
  positionals: readonly string[],
): Target | undefined {
  const name = argument.name();
  if (name === 'profile') return { kind: 'profiles' };
  if (command.parent?.name() === 'config' && name === 'key') return { kind: 'config-keys' };
  if (command.parent?.name() === 'config' && name === 'value')
    return { kind: 'config-values', key: positionals[0] ?? '' };
  const spec = name === 'id' ? groupSpec(command) : undefined;
  return spec ? { kind: 'records', spec, names: false } : undefined;
}
