import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
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

/** Zod issues as "at model.provider: expected string, received number". */
function describeIssues(error: z.ZodError, origin: string): string {
  const issues = error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(top level)';
    return `at ${path}: ${issue.message}`;
  });
  return `invalid body in ${origin}: ${issues.join('; ')}`;
}

/**
 * Reads `--data '<json>'`, `--file path.json` or `--file -` (stdin), then checks its shape.
 * Anything wrong is a usage error (exit 2) before a single byte is sent.
 */
export async function readBody<T>(
  io: IOStreams,
  flags: BodyFlags,
  schema: z.ZodType<T>,
  options: { required: boolean },
): Promise<T | undefined> {
  const source = await readBodyText(io, flags);
  if (!source) {
    if (options.required) throw new UsageError("a body is required: pass --data '<json>' or --file <path|->");
    return undefined;
  }
  const json = parseJson(source.text, source.origin);
  const result = schema.safeParse(json);
  if (!result.success) throw new UsageError(describeIssues(result.error, source.origin));
  return result.data;
}
