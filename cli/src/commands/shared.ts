import type { Command } from 'commander';
import type { StoredConfig } from '../config.ts';
import type { Client, ClientRequest, Factory, IOStreams } from '../factory.ts';
import { globalFlags, type GlobalOptions } from '../global-flags.ts';
import { parseDuration } from '../parse-flags.ts';
import {
  declare,
  declareTerm,
  flag,
  flagValues,
  optionsOf,
  type CommandDef,
  type OptionsOf,
} from './define.ts';

/**
 * The small things a command's `run` needs, built for this run's global flags: its streams,
 * a clock, the environment, the config file and an SDK client (made on first use only).
 */
export interface Deps {
  io: IOStreams;
  env: Record<string, string | undefined>;
  now: () => Date;
  /** Aborted to stop a polling command (watch, logs --follow) as Ctrl-C does. */
  signal: AbortSignal;
  fetch: typeof globalThis.fetch;
  configPath: string;
  /** The global flags as given (`--profile`, `--base-url`, …). */
  globals: GlobalOptions;
  /** `--format table|json`, as the command line gave it. */
  format: GlobalOptions['format'];
  /** The config file's defaults; a missing or corrupt file reads as empty. */
  settings(): Promise<StoredConfig>;
  /** An SDK client for the global flags; the SDK is imported on first use only. */
  client(request?: ClientRequest): Promise<Client>;
}

/** A command's implementation: its parsed options and its deps. */
export type Run<O> = (opts: O, deps: Deps) => Promise<void>;

/**
 * The test seam (gh's `runF`): when set, a command runs this instead of its `run`, with
 * the options parsing produced, so a test checks parsing alone.
 */
export type RunF = (parsed: { path: string; opts: unknown; deps: Deps }) => Promise<void> | void;

/** What registration threads through the tree: the factory, and a test's runF if any. */
export interface Wiring {
  factory: Factory;
  runF?: RunF | undefined;
  /**
   * The top-level command this run can reach (`assistants` for `voxdesk assistants list`),
   * or '' for the root's help alone; undefined builds every command in full. Commands
   * under any other top-level word get only their name and description: start-up then
   * builds a few commands' flags, not a hundred's (see program.ts `focusOf`).
   */
  focus?: string | undefined;
}

/** Whether `parent` sits under a top-level command other than the one in focus. */
function outOfFocus(parent: Command, focus: string | undefined): boolean {
  if (focus === undefined || !parent.parent) return false;
  let top = parent;
  while (top.parent?.parent) top = top.parent;
  return top.name() !== focus && !top.aliases().includes(focus);
}

export function depsOf(factory: Factory, command: Command): Deps {
  const globals = flagValues(globalFlags, command.optsWithGlobals());
  return {
    io: factory.io,
    env: factory.env,
    now: factory.now,
    signal: factory.signal,
    fetch: factory.fetch,
    configPath: factory.configPath,
    globals,
    format: globals.format,
    settings: () => factory.settings(),
    client: (request) => factory.getClient(globals, request),
  };
}

/** `calls say`: the command's words below the root. */
function pathOf(command: Command): string {
  const words: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) words.unshift(at.name());
  return words.join(' ');
}

/**
 * Adds a declared command under `parent`. Its `run` module is imported only when the
 * command runs, so `--help` loads no SDK, body validator or output code.
 */
export function addCommand<const D extends CommandDef>(
  parent: Command,
  wiring: Wiring,
  def: D,
  load: () => Promise<Run<OptionsOf<D>>>,
): Command {
  if (outOfFocus(parent, wiring.focus)) return parent.command(def.name).description(def.description);
  // The root's help alone (`voxdesk --help`, the first word's TAB): a top-level command is
  // only a line of it, so its flags are not built.
  if (wiring.focus === '') return declareTerm(parent.command(def.name).description(def.description), def);
  const command = declare(parent.command(def.name).description(def.description), def);
  command.action(async () => {
    const opts = optionsOf(def, command);
    const deps = depsOf(wiring.factory, command);
    if (wiring.runF) return wiring.runF({ path: pathOf(command), opts, deps });
    const run = await load();
    await run(opts, deps);
  });
  return command;
}

/** Help text listing examples, one per line. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`;
}

export const BODY_HELP = {
  // `--data -` and `--data @path` also work (README); the generated docs/cli.md quotes this text.
  data: 'JSON body, e.g. \'{"name":"Reception"}\'',
  file: 'read the JSON body from a file, or - for stdin',
};

/**
 * `--json [fields]`, `--jq`, `--template` (gh's output flags), for a command printing
 * `what` ("the list", "the created assistant").
 */
export const outputFlags = (what: string) =>
  [
    flag('--json [fields]', `print ${what} as JSON; with a list such as id,name only those fields`),
    flag('-q, --jq <expression>', "filter the JSON with a jq expression, e.g. '.[].id'"),
    flag('-t, --template <template>', "format the JSON with a Mustache template, e.g. '{{#.}}{{id}}{{/.}}'"),
  ] as const;

export const DRY_RUN_HELP = 'print the request (method, URL, body) instead of sending it; exit 0';
export const dryRunFlag = flag('--dry-run', DRY_RUN_HELP);

/** `--interval`: held in milliseconds, shown as the user writes it (a bare number is seconds). */
export const intervalFlag = (what: string) =>
  flag('--interval <duration>', `${what}: 2s, 500ms, 1m; a bare number is seconds`, {
    parse: parseDuration,
    default: 2000,
    defaultLabel: '2s',
  });

/** `--max-outage`: how long a poller rides out an unreachable Vapi before exit 6. */
export const maxOutageFlag = flag(
  '--max-outage <duration>',
  'keep retrying (backoff up to 30s) while Vapi is unreachable or answers 429/5xx for this long, then exit 6',
  { parse: parseDuration, default: 300_000, defaultLabel: '5m' },
);
