import { CliError, ExitCode, UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { palette } from './color.ts';
import type { Column } from './columns.ts';
import { pickFields, type Shaping } from './shape.ts';
import type { TableOptions } from './table.ts';

function tableOptions(factory: Factory): TableOptions {
  const { io } = factory;
  return {
    tty: io.isStdoutTTY,
    width: io.terminalWidth,
    now: factory.now(),
    colors: palette(io.colorEnabled),
  };
}

/** `--json`: the API's JSON and nothing else on stdout; coloured when colour is on. */
export async function printJson(factory: Factory, data: unknown): Promise<void> {
  if (!factory.io.colorEnabled) {
    factory.io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
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
  factory.io.stdout.write(`${colorize(JSON.stringify(data ?? null), { colors })}\n`);
}

/** `--jq`: jq itself (jq 1.7 compiled to WebAssembly), loaded only when asked for. */
async function printJq(factory: Factory, data: unknown, expression: string): Promise<void> {
  const jq = await import('jq-wasm');
  let out: string;
  try {
    out = await jq.raw(JSON.stringify(data ?? null), expression, [
      '-r',
      ...(factory.io.colorEnabled ? ['-C'] : []),
    ]);
  } catch (error) {
    const message = String((error as Error).message).replace(/^Failed to execute JSON query: /, '');
    // A filter that does not compile is the user's input: a usage error; a runtime error is 1.
    if (/compile error/.test(message))
      throw new UsageError(`--jq: ${message.trim().replace(/\s*\n\s*/g, ' ')}`);
    throw new CliError(`--jq: ${message.trim().replace(/\s*\n\s*/g, ' ')}`, ExitCode.error);
  }
  factory.io.stdout.write(out.endsWith('\n') || out === '' ? out : `${out}\n`);
}

/** `--template`: a Mustache template over the JSON (`{{#.}}{{id}} {{name}}\n{{/.}}`), no HTML escaping. */
async function printTemplate(factory: Factory, data: unknown, template: string): Promise<void> {
  const { default: Mustache } = await import('mustache');
  let out: string;
  try {
    out = Mustache.render(template, data, undefined, { escape: (text: unknown) => String(text) });
  } catch (error) {
    throw new UsageError(`--template: ${(error as Error).message}`);
  }
  factory.io.stdout.write(out);
}

/** Prints API data shaped as the flags say: JSON, jq, a template, or (default) `table()`. */
export async function printShaped(
  factory: Factory,
  data: unknown,
  shaping: Shaping,
  table: () => Promise<string>,
): Promise<void> {
  if (shaping.kind === 'table') {
    factory.io.stdout.write(await table());
    return;
  }
  const shaped = pickFields(data, shaping.fields);
  if (shaping.kind === 'json') return printJson(factory, shaped);
  if (shaping.kind === 'jq') return printJq(factory, shaped, shaping.expression);
  return printTemplate(factory, shaped, shaping.template);
}

// Tables load their width measuring only when a table is printed, never for --json.
export async function printList(
  factory: Factory,
  columns: readonly Column[],
  items: readonly Record<string, unknown>[],
  shaping: Shaping,
): Promise<void> {
  return printShaped(factory, items, shaping, async () =>
    (await import('./table.ts')).renderTable(columns, items, tableOptions(factory)),
  );
}

export async function printRecord(
  factory: Factory,
  columns: readonly Column[],
  item: Record<string, unknown>,
  shaping: Shaping,
): Promise<void> {
  return printShaped(factory, item, shaping, async () =>
    (await import('./table.ts')).renderRecord(columns, item, tableOptions(factory)),
  );
}

/** Status lines ("✓ Deleted …") go to stderr, so stdout stays clean for pipes. */
export function printStatus(factory: Factory, message: string): void {
  const { io } = factory;
  const colors = palette(io.colorEnabled);
  io.stderr.write(`${colors.green('✓')} ${message}\n`);
}
