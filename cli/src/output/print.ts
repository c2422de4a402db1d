import { createRequire } from 'node:module';
import { CliError, ExitCode, UsageError } from '../errors.ts';
import type { IOStreams } from '../factory.ts';
import { palette } from './color.ts';
import type { Column } from './columns.ts';
import { pickFields, type Shaping } from './shape.ts';
import type { TableOptions } from './table.ts';

/** What a printer needs: the streams and a clock (for "2 hours ago"), not the whole output. */
export interface Output {
  io: IOStreams;
  now: () => Date;
}

function tableOptions(output: Output): TableOptions {
  const { io } = output;
  return {
    tty: io.isStdoutTTY,
    width: io.terminalWidth,
    now: output.now(),
    colors: palette(io.colorEnabled),
  };
}

/** `--json`: the API's JSON and nothing else on stdout; coloured when colour is on. */
export async function printJson(output: Output, data: unknown): Promise<void> {
  if (!output.io.colorEnabled) {
    output.io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  // Loaded only for a terminal; colorette is told colour is on (it would sniff the real stdout).
  const [{ colorize }, { createColors }] = await Promise.all([import('json-colorizer'), import('colorette')]);
  const c = createColors({ useColor: true });
  const colors = {
    Whitespace: c.gray,
    Brace: c.gray,
    Bracket: c.gray,
    Colon: c.gray,
    Comma: c.gray,
    StringKey: c.blue,
    StringLiteral: c.green,
    NumberLiteral: c.cyan,
    BooleanLiteral: c.yellow,
    NullLiteral: c.gray,
  };
  output.io.stdout.write(`${colorize(JSON.stringify(data ?? null), { colors })}\n`);
}

/** What jq-web's promise resolves to. */
interface Jq {
  /** Runs `filter` over the JSON text `input`; throws with jq's stderr on a non-zero exit. */
  raw(input: string, filter: string, flags?: readonly string[]): string | undefined;
}

/**
 * jq-web is CommonJS whose export is a promise. Through `import()` its namespace would carry
 * that promise's `then`, which some loaders call on the namespace (vitest does), so it is
 * required.
 */
const loadJq = () => createRequire(import.meta.url)('jq-web') as Promise<Jq>;

/**
 * `--jq`: jq itself (jq 1.7 compiled to WebAssembly, from jq-web), loaded only when asked for.
 * jq-web hands jq its input and takes its output in whole buffers; jq-wasm, used before, moved
 * them a byte at a time and took 45 s over 2,500 records.
 */
async function printJq(output: Output, data: unknown, expression: string): Promise<void> {
  const jq = await loadJq();
  let out: string;
  try {
    // jq-web answers undefined, not '', when the filter outputs nothing (`select` false).
    out =
      jq.raw(JSON.stringify(data ?? null), expression, ['-r', ...(output.io.colorEnabled ? ['-C'] : [])]) ??
      '';
  } catch (error) {
    // jq-web's message: "Non-zero exit code: N" then jq's own stderr lines.
    const message = String((error as Error).message)
      .replace(/^Non-zero exit code: \d+\s*/, '')
      .trim()
      .replace(/\s*\n\s*/g, ' ');
    // A filter that does not compile is the user's input: a usage error; a runtime error is 1.
    if (/compile error/.test(message)) throw new UsageError(`--jq: ${message}`);
    throw new CliError(`--jq: ${message}`, ExitCode.error);
  }
  output.io.stdout.write(out.endsWith('\n') || out === '' ? out : `${out}\n`);
}

/** `--template`: a Mustache template over the JSON (`{{#.}}{{id}} {{name}}\n{{/.}}`), no HTML escaping. */
async function printTemplate(output: Output, data: unknown, template: string): Promise<void> {
  const { default: Mustache } = await import('mustache');
  let out: string;
  try {
    out = Mustache.render(template, data, undefined, { escape: (text: unknown) => String(text) });
  } catch (error) {
    throw new UsageError(`--template: ${(error as Error).message}`);
  }
  output.io.stdout.write(out);
}

/** Prints API data shaped as the flags say: JSON, jq, a template, or (default) `table()`. */
export async function printShaped(
  output: Output,
  data: unknown,
  shaping: Shaping,
  table: () => Promise<string>,
): Promise<void> {
  if (shaping.kind === 'table') {
    output.io.stdout.write(await table());
    return;
  }
  const shaped = pickFields(data, shaping.fields);
  if (shaping.kind === 'json') return printJson(output, shaped);
  if (shaping.kind === 'jq') return printJq(output, shaped, shaping.expression);
  return printTemplate(output, shaped, shaping.template);
}

/**
 * One event of a stream (`calls watch`, `logs --follow`), shaped as the flags say: `--json`
 * is one compact line per event (NDJSON, so `| jq` and `while read` take each as it comes, as
 * the streams always printed), `--json a,b` keeps those fields, `--jq`/`--template` run once
 * per event (as `gh api --paginate --jq` runs once per page).
 */
export async function printEvent(
  output: Output,
  event: Record<string, unknown>,
  shaping: Exclude<Shaping, { kind: 'table' }>,
): Promise<void> {
  const shaped = pickFields(event, shaping.fields);
  if (shaping.kind === 'json') {
    output.io.stdout.write(`${JSON.stringify(shaped)}\n`);
    return;
  }
  if (shaping.kind === 'jq') return printJq(output, shaped, shaping.expression);
  return printTemplate(output, shaped, shaping.template);
}

// Tables load their width measuring only when a table is printed, never for --json.
export async function printList(
  output: Output,
  columns: readonly Column[],
  items: readonly Record<string, unknown>[],
  shaping: Shaping,
): Promise<void> {
  return printShaped(output, items, shaping, async () =>
    (await import('./table.ts')).renderTable(columns, items, tableOptions(output)),
  );
}

export async function printRecord(
  output: Output,
  columns: readonly Column[],
  item: Record<string, unknown>,
  shaping: Shaping,
): Promise<void> {
  return printShaped(output, item, shaping, async () =>
    (await import('./table.ts')).renderRecord(columns, item, tableOptions(output)),
  );
}

/** Status lines ("✓ Deleted …") go to stderr, so stdout stays clean for pipes. */
export function printStatus(output: Output, message: string): void {
  const { io } = output;
  const colors = palette(io.colorEnabled);
  io.stderr.write(`${colors.green('✓')} ${message}\n`);
}
