import type { Command } from 'commander';
import type { Factory } from '../../factory.ts';
import { chain, walk } from '../walk.ts';
import { argumentTarget, optionTarget, type Target } from '../../completion/targets.ts';

/**
 * `voxdesk __complete <words…>`: the candidates for the last word, computed from the live
 * command tree (as cobra's `__complete` does for gh). Every shell script only calls this,
 * so bash, zsh, fish and PowerShell complete alike: aliases, global flags anywhere,
 * flag values, file paths, `completion <shell>` and `api` methods and paths.
 *
 * Output: one candidate per line, `value\tdescription`, then a directive line —
 * `:files` (let the shell complete file paths) or `:done`.
 */
export interface Completion {
  candidates: Array<[value: string, description: string]>;
  files: boolean;
}

/** A value placeholder that names a path (`--file <path>`, `<path>`, `-o <file>`) completes files. */
const PATHLIKE = /^[<[](path|file|dir)[>\]]$/;

const valueName = (flags: string) => /\s([<[][^>\]]+[>\]])/.exec(flags)?.[1] ?? '';

// why: commander keeps `.hideHelp()` in a private field with no public getter.
const visible = (command: Command) => !(command as unknown as { _hidden?: boolean })._hidden;

function optionCandidates(command: Command, prefix: string): Completion['candidates'] {
  const seen = new Set<string>();
  const out: Completion['candidates'] = [];
  for (const at of chain(command)) {
    for (const option of at.options) {
      if (option.hidden || !option.long || seen.has(option.long)) continue;
      seen.add(option.long);
      if (option.long.startsWith(prefix)) out.push([option.long, option.description]);
    }
  }
  if ('--help'.startsWith(prefix) && !seen.has('--help')) out.push(['--help', 'show help for a command']);
  return out;
}

export async function complete(
  program: Command,
  words: readonly string[],
  factory?: Factory,
): Promise<Completion> {
  const current = words.at(-1) ?? '';
  const { command, positionals, pending } = walk(program, words.slice(0, -1));
  const files: Completion = { candidates: [], files: true };
  const none: Completion = { candidates: [], files: false };
  const from = (values: readonly string[], description = '') => ({
    candidates: values
      .filter((value) => value.startsWith(current))
      .map((value) => [value, description] as [string, string]),
    files: false,
  });

  if (pending) {
    if (PATHLIKE.test(valueName(pending.flags))) return files;
    if (pending.argChoices) return from(pending.argChoices);
    return factory ? dynamic(factory, optionTarget(pending), words, current) : none;
  }
  if (current.startsWith('-')) return { candidates: optionCandidates(command, current), files: false };
  const subcommands = command.commands.filter(visible);
  if (subcommands.length > 0 && positionals.length === 0) {
    return {
      candidates: subcommands
        .filter((sub) => sub.name().startsWith(current))
        .map((sub) => [sub.name(), sub.description()]),
      files: false,
    };
  }
  if (command.name() === 'api') {
    const { METHODS } = await import('../api/build.ts');
    const { operations } = await import('@voxdesk/sdk/operations');
    const paths = [...new Set(operations.map((operation) => operation.path))].sort();
    if (positionals.length === 0) return from([...METHODS, ...paths]);
    if (
      positionals.length === 1 &&
      (METHODS as readonly string[]).includes((positionals[0] ?? '').toUpperCase())
    )
      return from(paths);
    return none;
  }
  const argument = command.registeredArguments[positionals.length];
  if (!argument) return none;
  if (argument.argChoices) return from(argument.argChoices);
  if (PATHLIKE.test(`<${argument.name()}>`)) return files;
  return factory ? dynamic(factory, argumentTarget(command, argument, positionals), words, current) : none;
}

/** Profiles, config keys and values, record ids and names (completion/), when a word names one. */
async function dynamic(
  factory: Factory,
  target: Target | undefined,
  words: readonly string[],
  current: string,
): Promise<Completion> {
  if (!target) return { candidates: [], files: false };
  const { dynamicCandidates } = await import('../../completion/dynamic.ts');
  return { candidates: await dynamicCandidates(factory, target, words, current), files: false };
}

/**
 * Prints the candidates for `voxdesk __complete …`; never fails (a TAB must not print errors).
 * The answer for the words before the current one is stored (completion/answers.ts), so the
 * bin answers the next TABs on these words from it without building the tree.
 */
export async function printCandidates(factory: Factory, program: Command, words: string[]): Promise<void> {
  const { answerText, answerWords, storeAnswer } = await import('../../completion/answers.ts');
  const result = await complete(program, answerWords(words), factory);
  const answer = {
    candidates: result.candidates.map(
      ([value, description]) =>
        [value, description ? `${value}\t${description.replace(/\s+/g, ' ')}` : value] as [string, string],
    ),
    files: result.files,
  };
  await storeAnswer(factory.env, words, answer, factory.now().getTime()).catch(() => undefined);
  const current = words.at(-1) ?? '';
  factory.io.stdout.write(
    answerText({ ...answer, candidates: answer.candidates.filter(([value]) => value.startsWith(current)) }),
  );
}
