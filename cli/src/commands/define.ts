import { Argument, Option, type Command } from 'commander';

/**
 * A command declares its flags and arguments once, as data (as `gh`'s NewCmd… fills an
 * options struct); the types below read the flag strings, so `flag('--phone-number <id>')`
 * gives `opts.phoneNumber: string | undefined` and renaming the flag fails to compile where
 * it is read. Values are checked by the parsers in parse-flags.ts (bad values: exit 2).
 * Light on purpose: `--help` loads this and commander, nothing else.
 */

/** `--dry-run` → `dry-run`; `-q, --jq <e>` → `jq`; `--no-clobber` → `no-clobber`. */
type LongName<F extends string> = F extends `${string}--${infer Rest}`
  ? Rest extends `${infer Name} ${string}`
    ? Name
    : Rest
  : never;
/** `phone-number` → `phoneNumber` (commander's attribute name). */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
/** The options key commander stores a flag under (`--no-retry` sets `retry`). */
export type FlagKey<F extends string> = F extends string
  ? LongName<F> extends `no-${infer Positive}`
    ? Camel<Positive>
    : Camel<LongName<F>>
  : never;
type IsNegated<F extends string> = LongName<F> extends `no-${string}` ? true : false;
/** What a flag holds when given without a parser: a value, an optional value, or a switch. */
type RawValue<F extends string> = F extends `${string}<${string}...>`
  ? string[]
  : F extends `${string}<${string}>`
    ? string
    : F extends `${string}[${string}]`
      ? string | true
      : boolean;

/** How a flag is checked and defaulted. */
export interface FlagMore {
  /** One of parse-flags.ts's parsers: a bad value is a usage error (exit 2). */
  readonly parse?: (value: string, previous: never) => unknown;
  readonly choices?: readonly string[];
  readonly default?: unknown;
  /** How help shows the default (`2s` for 2000 ms). */
  readonly defaultLabel?: string;
  readonly required?: boolean;
  readonly hidden?: boolean;
}

type FlagValue<F extends string, M> = M extends { parse: (...args: never[]) => infer V }
  ? V
  : M extends { choices: readonly (infer C)[] }
    ? C
    : RawValue<F>;
type FlagPresent<F extends string, M> = M extends { required: true }
  ? true
  : M extends { default: NonNullable<unknown> }
    ? true
    : IsNegated<F>;

declare const typed: unique symbol;

export interface FlagDef<
  F extends string = string,
  V = unknown,
  P extends boolean = boolean,
> extends FlagMore {
  readonly flags: F;
  readonly help: string;
  /** Types only: the value the options object holds. */
  readonly [typed]?: { value: V; present: P };
}

export function flag<const F extends string, const M extends FlagMore = object>(
  flags: F,
  help: string,
  more?: M,
): FlagDef<F, FlagValue<F, M>, FlagPresent<F, M>> {
  return { flags, help, ...more };
}

type ArgName<S extends string> = S extends `<${infer N}...>`
  ? N
  : S extends `[${infer N}...]`
    ? N
    : S extends `<${infer N}>`
      ? N
      : S extends `[${infer N}]`
        ? N
        : never;
type ArgValue<S extends string, C> = S extends `${string}...${string}`
  ? string[]
  : [C] extends [never]
    ? S extends `<${string}`
      ? string
      : string | undefined
    : S extends `<${string}`
      ? C
      : C | undefined;

export interface ArgDef<S extends string = string, C extends string = string> {
  readonly spec: S;
  readonly help: string;
  readonly choices?: readonly C[];
}

/** `arg('<id>', 'call id')` → `opts.id: string`; `[file]` → `string | undefined`; `<paths...>` → `string[]`. */
export function arg<const S extends string, const C extends string = never>(
  spec: S,
  help: string,
  choices?: readonly C[],
): ArgDef<S, C> {
  return choices ? { spec, help, choices } : { spec, help };
}

/** One command: its words, flags, arguments and help, and nothing that runs. */
export interface CommandDef {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly description: string;
  readonly args?: readonly ArgDef[];
  readonly flags?: readonly FlagDef[];
  /**
   * Flags named after a query field of a generated list (`files list --purpose`), known only
   * from the resource's row: their values arrive in `opts.query`, by field name.
   */
  readonly queryFlags?: readonly { readonly field: string; readonly help: string }[];
  /** Text after the flags in --help (examples, exit codes). */
  readonly help?: string;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Present<D> = D extends FlagDef<string, unknown, infer P> ? P : false;
type ValueOfFlag<D> = D extends FlagDef<string, infer V> ? V : never;
/** The flags stored under one key (`--color <when>` and `--no-color` share `color`). */
type WithKey<Fl extends readonly FlagDef[], K> = Fl[number] extends infer D
  ? D extends FlagDef
    ? FlagKey<D['flags']> extends K
      ? D
      : never
    : never
  : never;
/**
 * Flags that always hold a value (required, defaulted, a lone `--no-…`) are required keys;
 * the rest are optional.
 */
type FlagsOf<Fl extends readonly FlagDef[]> = {
  [K in FlagKey<Fl[number]['flags']> as [Present<WithKey<Fl, K>>] extends [true] ? K : never]: ValueOfFlag<
    WithKey<Fl, K>
  >;
} & {
  [K in FlagKey<Fl[number]['flags']> as [Present<WithKey<Fl, K>>] extends [true] ? never : K]?:
    ValueOfFlag<WithKey<Fl, K>> | undefined;
};
type ArgsOf<Ar extends readonly ArgDef[]> = {
  [D in Ar[number] as Camel<ArgName<D['spec']>>]: D extends ArgDef<infer S, infer C> ? ArgValue<S, C> : never;
};

/** The typed options object a command's declaration parses into. */
export type OptionsOf<D extends CommandDef> = Simplify<
  (D['flags'] extends readonly FlagDef[] ? FlagsOf<D['flags']> : unknown) &
    (D['args'] extends readonly ArgDef[] ? ArgsOf<D['args']> : unknown) &
    (D extends { queryFlags: readonly unknown[] } ? { query: Record<string, string> } : unknown)
>;

/** The options of a flag list alone (the global flags). */
export type FlagOptions<Fl extends readonly FlagDef[]> = Simplify<FlagsOf<Fl>>;

export function defineCommand<const D extends CommandDef>(def: D): D {
  return def;
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const argKey = (spec: string) => camel(spec.replace(/^[<[]|(\.\.\.)?[>\]]$/g, ''));

export function optionOf(def: FlagDef): Option {
  const option = new Option(def.flags, def.help);
  if (def.parse) option.argParser(def.parse as (value: string, previous: unknown) => unknown);
  if (def.choices) option.choices(def.choices);
  if (def.default !== undefined) option.default(def.default, def.defaultLabel);
  if (def.required) option.makeOptionMandatory();
  if (def.hidden) option.hideHelp();
  return option;
}

/** Adds the declared flags and arguments (and help) to a commander command. */
/**
 * Only what a parent's help lists of `def` (its aliases, arguments and, when it has
 * flags, `[options]`), for the root's help: one flag stands for all of them.
 */
export function declareTerm(command: Command, def: CommandDef): Command {
  const [first] = def.flags ?? [];
  return declare(command, { ...def, flags: first ? [first] : [], queryFlags: [], help: '' });
}

export function declare(command: Command, def: CommandDef): Command {
  for (const alias of def.aliases ?? []) command.alias(alias);
  for (const { spec, help, choices } of def.args ?? []) {
    const argument = new Argument(spec, help);
    if (choices) argument.choices(choices);
    command.addArgument(argument);
  }
  for (const flagDef of def.flags ?? []) command.addOption(optionOf(flagDef));
  for (const { field, help } of def.queryFlags ?? []) command.option(`--${field} <${field}>`, help);
  if (def.help) command.addHelpText('after', def.help);
  return command;
}

/**
 * The one place commander's untyped values become a typed options object: every key is
 * taken from the same declaration the type is computed from.
 */
export function flagValues<Fl extends readonly FlagDef[]>(
  flags: Fl,
  values: Record<string, unknown>,
): FlagOptions<Fl> {
  const options: Record<string, unknown> = {};
  for (const flagDef of flags) {
    const key = new Option(flagDef.flags).attributeName();
    options[key] = values[key];
  }
  return options as FlagOptions<Fl>;
}

/** `flagValues` plus the positional arguments, by their declared names. */
export function optionsOf<D extends CommandDef>(def: D, command: Command): OptionsOf<D> {
  const options: Record<string, unknown> = flagValues(def.flags ?? [], command.opts());
  const args: readonly unknown[] = command.processedArgs;
  (def.args ?? []).forEach(({ spec }, index) => {
    options[argKey(spec)] = args[index];
  });
  if (def.queryFlags) {
    const values: Record<string, unknown> = command.opts();
    const query: Record<string, string> = {};
    for (const { field } of def.queryFlags) {
      const value = values[field];
      if (typeof value === 'string') query[field] = value;
    }
    options.query = query;
  }
  return options as OptionsOf<D>;
}
