import type { GlobalOptions } from '../factory.ts';

/**
 * The account flags on a half-typed command line (`--profile work`, `--base-url=…`), so a
 * TAB lists the records of the account the command will use. Commander never sees these words.
 */
export function accountFlags(words: readonly string[]): Pick<GlobalOptions, 'profile' | 'baseUrl' | 'token'> {
  const found: Record<string, string> = {};
  words.forEach((word, index) => {
    for (const flag of ['--profile', '--base-url', '--token']) {
      if (word === flag && index + 1 < words.length) found[flag] = words[index + 1]!;
      else if (word.startsWith(`${flag}=`)) found[flag] = word.slice(flag.length + 1);
    }
  });
  return {
    ...(found['--profile'] ? { profile: found['--profile'] } : {}),
    ...(found['--base-url'] ? { baseUrl: found['--base-url'] } : {}),
    ...(found['--token'] ? { token: found['--token'] } : {}),
  };
}
