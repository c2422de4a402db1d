import type { Factory } from '../factory.ts';
import { palette } from './color.ts';
import type { Column } from './columns.ts';
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

/** `--json`: the API's JSON and nothing else on stdout. */
export function printJson(factory: Factory, data: unknown): void {
  factory.io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
}

// Tables load their width measuring only when a table is printed, never for --json.
export async function printList(
  factory: Factory,
  columns: readonly Column[],
  items: readonly Record<string, unknown>[],
  json: boolean,
): Promise<void> {
  if (json) return printJson(factory, items);
  const { renderTable } = await import('./table.ts');
  factory.io.stdout.write(renderTable(columns, items, tableOptions(factory)));
}

export async function printRecord(
  factory: Factory,
  columns: readonly Column[],
  item: Record<string, unknown>,
  json: boolean,
): Promise<void> {
  if (json) return printJson(factory, item);
  const { renderRecord } = await import('./table.ts');
  factory.io.stdout.write(renderRecord(columns, item, tableOptions(factory)));
}

/** Status lines ("✓ Deleted …") go to stderr, so stdout stays clean for pipes. */
export function printStatus(factory: Factory, message: string): void {
  const { io } = factory;
  const colors = palette(io.colorEnabled);
  io.stderr.write(`${colors.green('✓')} ${message}\n`);
}
