import { parse } from 'shell-quote';
import { UsageError } from '../errors.ts';

/**
 * An alias's words, split as a shell would split them (quotes kept together). Only command
 * words: a pipe, `;`, a redirect or `$(…)` would need a shell, and shell aliases (gh's `!`) run
 * arbitrary commands from a config file, so they are refused rather than half-supported.
 */
export function aliasWords(expansion: string): string[] {
  if (expansion.trimStart().startsWith('!'))
    throw new UsageError(
      'shell aliases (an expansion starting with !) are not supported: alias voxdesk commands only',
    );
  // `$1` stays literal: it is the alias's own placeholder, not an environment variable.
  const parsed = parse(expansion, (name) => `$${name}`);
  const words: string[] = [];
  for (const entry of parsed) {
    if (typeof entry !== 'string')
      throw new UsageError(
        `an alias holds voxdesk command words only, not shell syntax (${'op' in entry ? `"${String(entry.op)}"` : 'a comment or glob'}) in "${expansion}"`,
      );
    words.push(entry);
  }
  if (words.length === 0)
    throw new UsageError('an alias needs an expansion, e.g. "assistants list --json id,name"');
  return words;
}

/**
 * `voxdesk <alias> a b` → the alias's words with `$1`, `$2`… replaced by the arguments, and the
 * arguments no placeholder used appended (as gh expands aliases).
 */
export function expandAlias(expansion: string, args: readonly string[]): string[] {
  const used = new Set<number>();
  const words = aliasWords(expansion).map((word) =>
    word.replace(/\$(\d+)/g, (placeholder, digits: string) => {
      const index = Number(digits) - 1;
      if (index < 0 || index >= args.length)
        throw new UsageError(`the alias needs an argument for ${placeholder}: "${expansion}"`);
      used.add(index);
      return args[index]!;
    }),
  );
  return [...words, ...args.filter((_, index) => !used.has(index))];
}
