import type { Command } from 'commander';
import { ExitCode } from './errors.ts';
import { walk } from './commands/walk.ts';

/**
 * Help as gh gives it: `voxdesk`, `voxdesk assistants` (a group without a verb) and
 * `voxdesk help assistants list` print that command's help on stdout and exit 0;
 * `voxdesk help nothing` is a usage error (exit 2) naming the unknown word.
 * Returns an exit code when help was printed, else what commander should parse.
 */
export function routeHelp(
  program: Command,
  argv: readonly string[],
): number | { parse: string[] } | undefined {
  if (argv[0] === 'help') {
    const words = argv.slice(1).filter((word) => !word.startsWith('-'));
    let command = program;
    for (const [index, word] of words.entries()) {
      const child = command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
      // An unknown word: let commander parse the path up to it, so the error (exit 2) and
      // its "Did you mean …?" are the same as when the command itself is mistyped.
      if (!child) return { parse: words.slice(0, index + 1) };
      command = child;
    }
    command.outputHelp();
    return ExitCode.ok;
  }
  if (argv.some((word) => word === '--help' || word === '-h' || word === '--version' || word === '-V'))
    return undefined;
  const { command, positionals, pending, unknown } = walk(program, argv);
  if (!pending && unknown.length === 0 && positionals.length === 0 && command.commands.length > 0) {
    command.outputHelp();
    return ExitCode.ok;
  }
  return undefined;
}
