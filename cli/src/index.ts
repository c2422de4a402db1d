import { CommanderError } from 'commander';
import { ExitCode } from './errors.ts';
import { createFactory, type Factory } from './factory.ts';
import { focusOf, programFor } from './program.ts';
import type { RunF } from './commands/shared.ts';

export { createFactory, type Factory, type FactoryOptions, type IOStreams } from './factory.ts';
export { ExitCode } from './errors.ts';
export type { Deps, RunF } from './commands/shared.ts';

/** Tokens this run knows about, so no error line can leak one. */
function secretsOf(argv: readonly string[], factory: Factory): string[] {
  const secrets = [factory.env.VAPI_TOKEN, factory.env.VAPI_API_KEY];
  argv.forEach((arg, index) => {
    if (arg === '--token') secrets.push(argv[index + 1]);
    else if (arg.startsWith('--token=')) secrets.push(arg.slice('--token='.length));
  });
  return secrets.filter((secret): secret is string => Boolean(secret));
}

/**
 * Runs `voxdesk` with these arguments and returns the exit code (0 ok, 1 error, 2 usage, 4 auth).
 * `runF` (tests) replaces every command's run: the command line is parsed and checked only.
 */
export async function run(
  argv: readonly string[],
  factory: Factory = createFactory(),
  runF?: RunF,
): Promise<number> {
  const program = programFor(factory, runF, focusOf(argv));
  if (argv[0] === '__complete') {
    // Called by the completion scripts on every TAB: before commander, which would reject
    // the half-typed flags being completed.
    const { printCandidates } = await import('./commands/completion/complete.ts');
    await printCandidates(factory, program, argv.slice(1));
    return ExitCode.ok;
  }
  const { routeHelp } = await import('./help-route.ts');
  let words: readonly string[];
  let helped: ReturnType<typeof routeHelp>;
  try {
    // `voxdesk <alias> …`: expanded before anything reads the words (gh expands first too).
    const { withAliases } = await import('./alias/lookup.ts');
    words = await withAliases(factory, program, argv);
    helped = routeHelp(program, words);
  } catch (error) {
    const { reportError } = await import('./report-error.ts');
    return reportError(error, factory.io, secretsOf(argv, factory), factory.credential);
  }
  if (typeof helped === 'number') return helped;
  try {
    await program.parseAsync(helped?.parse ?? [...words], { from: 'user' });
    await factory.pager?.stop();
    return ExitCode.ok;
  } catch (error) {
    await factory.pager?.stop();
    // Commander already printed its message (unknown option, missing argument, help).
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    const { reportError } = await import('./report-error.ts');
    return reportError(error, factory.io, secretsOf(words, factory), factory.credential);
  }
}
