import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { completionCacheDir, configPathFor } from '../config-path.ts';
import { VERSION } from '../version.ts';

/**
 * The answers of recent TABs, so that the next TAB on the same words is served by the bin
 * before commander, the command tree or the SDK load (issue 29: each TAB within 80 ms).
 * A miss runs the full path (`__complete`), which stores its answer here.
 *
 * One answer holds every candidate for the words before the one being typed, so typing
 * more letters still hits: the prefix filters them (every candidate list is filtered by
 * prefix). A word starting with `-` asks for flags, a separate answer.
 */
export interface Answer {
  candidates: Array<[value: string, line: string]>;
  files: boolean;
}

/** An answer serves TABs this long: a burst of TABs, while a change shows within seconds. */
export const ANSWER_MS = 10_000;

type Env = Record<string, string | undefined>;

/** The words whose answer is stored: those before the current one, and whether it is a flag. */
export function answerWords(words: readonly string[]): string[] {
  const current = words.at(-1) ?? '';
  return [...words.slice(0, -1), current.startsWith('-') ? '-' : ''];
}

/**
 * The file of one answer. Its name hashes everything the answer depends on: the CLI's
 * version, the words, the variables naming the account, and the config file's size and
 * time (profiles, aliases); the token itself is never written.
 */
async function answerPath(env: Env, words: readonly string[]): Promise<string> {
  const configPath = configPathFor(env);
  const config = await stat(configPath).then(
    (info) => [info.size, info.mtimeMs],
    () => null,
  );
  const account = Object.entries(env)
    .filter(([name]) => name.startsWith('VAPI_') || name.startsWith('VOXDESK_'))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const key = JSON.stringify([VERSION, answerWords(words), account, configPath, config]);
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return join(completionCacheDir(env), `answer-${hash}.json`);
}

/** The stored answer for these words when fresh, filtered by the word being typed. */
export async function cachedAnswer(
  env: Env,
  words: readonly string[],
  now: number,
): Promise<Answer | undefined> {
  try {
    const stored = JSON.parse(await readFile(await answerPath(env, words), 'utf8')) as Answer & {
      at: number;
    };
    const age = now - stored.at;
    if (!(age >= 0 && age < ANSWER_MS) || !Array.isArray(stored.candidates)) return undefined;
    const current = words.at(-1) ?? '';
    return {
      candidates: stored.candidates.filter(([value]) => value.startsWith(current)),
      files: stored.files,
    };
  } catch {
    return undefined;
  }
}

/** Stores the answer for these words (all candidates, before the prefix filters them). */
export async function storeAnswer(
  env: Env,
  words: readonly string[],
  answer: Answer,
  now: number,
): Promise<void> {
  const path = await answerPath(env, words);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ at: now, ...answer }), { mode: 0o600 });
  await rename(temporary, path);
}

/** The lines `__complete` prints: `value\tdescription`, then `:files` or `:done`. */
export function answerText(answer: Answer): string {
  return `${[...answer.candidates.map(([, line]) => line), answer.files ? ':files' : ':done'].join('\n')}\n`;
}
