import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.ts';
import type { IOStreams } from '../factory.ts';
import { describeJsonError } from './json-error.ts';
import { readAll } from './stdin.ts';

export interface BodyFlags {
  data?: string;
  file?: string;
}

/** Where the JSON came from, for error messages that say where to look. */
async function readBodyText(
  io: IOStreams,
  flags: BodyFlags,
): Promise<{ text: string; origin: string } | undefined> {
  if (flags.data !== undefined && flags.file !== undefined) {
    throw new UsageError('pass the body with either --data or --file, not both');
  }
  // `--data -` reads stdin and `--data @path` a file (as curl does); neither is JSON anyway.
  if (flags.data === '-') return readBodyText(io, { file: '-' });
  if (flags.data?.startsWith('@')) return readBodyText(io, { file: flags.data.slice(1) });
  if (flags.data !== undefined) return { text: flags.data, origin: '--data' };
  if (flags.file === '-') {
    // Typing a body by hand is rare but possible: say how to finish it.
    if (io.isStdinTTY) io.stderr.write('Reading the JSON body from stdin; end it with Ctrl-D.\n');
    return { text: await readAll(io.stdin), origin: 'stdin' };
  }
  if (flags.file !== undefined) {
    try {
      return { text: await readFile(flags.file, 'utf8'), origin: flags.file };
    } catch (error) {
      throw new UsageError(
        `cannot read --file ${flags.file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
      );
    }
  }
  return undefined;
}

/** Parses JSON, saying where and why it is broken. */
export function parseJson(text: string, origin: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`invalid JSON in ${origin}: ${describeJsonError(text, error as Error)}`);
  }
}

/** A problem with a body: where (keys from the top) and what is wrong. */
export interface BodyProblem {
  path: ReadonlyArray<string | number>;
  message: string;
}

/** Problems as "at model.provider: must be one of: openai, anthropic". */
function describeProblems(problems: readonly BodyProblem[], origin: string): string {
  const lines = problems.map((problem) => {
    const path = problem.path.length ? problem.path.map(String).join('.') : '(top level)';
    return `at ${path}: ${problem.message}`;
  });
  return `invalid body in ${origin}: ${lines.join('; ')}`;
}

/**
 * Reads `--data '<json>'`, `--file path.json` or `--file -` (stdin), then checks it with
 * `check` (the document's schema: gitops/schema.ts `validateBody`). Anything wrong is a usage
 * error (exit 2) before a single byte is sent.
 */
export async function readBody(
  io: IOStreams,
  flags: BodyFlags,
  check: (json: unknown) => readonly BodyProblem[],
  options: { required: boolean },
): Promise<Record<string, unknown> | undefined> {
  const source = await readBodyText(io, flags);
  if (!source) {
    if (options.required) throw new UsageError("a body is required: pass --data '<json>' or --file <path|->");
    return undefined;
  }
  const json = parseJson(source.text, source.origin);
  const problems = check(json);
  if (problems.length) throw new UsageError(describeProblems(problems, source.origin));
  return json as Record<string, unknown>;
}
