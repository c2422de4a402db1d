import type { Command, Option } from 'commander';

/** The command and its ancestors, innermost first: where a flag may be defined. */
export function chain(command: Command): Command[] {
  const list: Command[] = [];
  for (let at: Command | null = command; at; at = at.parent) list.push(at);
  return list;
}

function findOption(command: Command, word: string): Option | undefined {
  const [flag = ''] = word.split('=');
  for (const at of chain(command)) {
    const option = at.options.find((candidate) => candidate.long === flag || candidate.short === flag);
    if (option) return option;
  }
  return undefined;
}

export interface Walked {
  /** The deepest command the words name (aliases count). */
  command: Command;
  /** Words after it that are not flags or flag values. */
  positionals: string[];
  /** The flag whose value is still missing (the last word was `--file`). */
  pending?: Option;
  /** Flags no command on the path defines (commander will reject them). */
  unknown: string[];
}

/**
 * Follows command words the way commander will parse them, skipping flags and their
 * values wherever they stand (`voxdesk --base-url X assistants ls`). Used by completion
 * and by help routing, so both read a command line the same way.
 */
export function walk(program: Command, words: readonly string[]): Walked {
  let command = program;
  let positionals: string[] = [];
  let pending: Option | undefined;
  const unknown: string[] = [];
  for (const word of words) {
    if (pending) {
      pending = undefined;
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      const option = findOption(command, word);
      if (!option && word !== '--help' && word !== '-h') unknown.push(word);
      if (option && (option.required || option.optional) && !word.includes('=')) pending = option;
      continue;
    }
    const child =
      positionals.length === 0
        ? command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word))
        : undefined;
    if (child) {
      command = child;
      positionals = [];
    } else positionals.push(word);
  }
  return { command, positionals, unknown, ...(pending ? { pending } : {}) };
}
