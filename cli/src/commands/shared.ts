import type { Command } from 'commander';
import type { Factory, GlobalOptions } from '../factory.ts';

/** A command's implementation: loaded only when the command runs. */
export type Handler = (factory: Factory, command: Command) => Promise<void>;

/** Wires a lazily imported handler to a commander action. */
export function lazyAction(factory: Factory, load: () => Promise<Handler>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const handler = await load();
    await handler(factory, command);
  };
}

/** The global flags, wherever they were written on the command line. */
export function globalsOf(command: Command): GlobalOptions {
  const { token, profile, baseUrl, timeout, verbose, color, retries, retry } =
    command.optsWithGlobals<GlobalOptions>();
  return { token, profile, baseUrl, timeout, verbose, color, retries, retry };
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
export function outputOptions(command: Command, what: string): Command {
  return command
    .option('--json [fields]', `print ${what} as JSON; with a list such as id,name only those fields`)
    .option('-q, --jq <expression>', "filter the JSON with a jq expression, e.g. '.[].id'")
    .option(
      '-t, --template <template>',
      "format the JSON with a Mustache template, e.g. '{{#.}}{{id}}{{/.}}'",
    );
}

export const DRY_RUN_HELP = 'print the request (method, URL, body) instead of sending it; exit 0';
