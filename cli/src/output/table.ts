import { cellText, type Column } from './columns.ts';
import type { Palette } from './color.ts';
import { relativeTime } from './time.ts';

export interface TableOptions {
  tty: boolean;
  width: number;
  now: Date;
  colors: Palette;
}

const GAP = '  ';

function cells(columns: readonly Column[], item: Record<string, unknown>, options: TableOptions): string[] {
  return columns.map((column) => {
    const text = cellText(column.value(item));
    if (column.time && options.tty && text) return relativeTime(text, options.now);
    // One record per line for scripts: tabs and newlines inside a value would break it.
    return text.replace(/[\t\r\n]+/g, ' ');
  });
}

function truncate(text: string, width: number): string {
  if (text.length <= width) return text;
  return width <= 1 ? text.slice(0, width) : `${text.slice(0, width - 1)}…`;
}

/**
 * A terminal gets a header and aligned columns fitted to its width (the flexible column
 * shrinks); a pipe gets tab-separated rows, untruncated, no header, ISO times (as `gh`).
 */
export function renderTable(
  columns: readonly Column[],
  items: readonly Record<string, unknown>[],
  options: TableOptions,
): string {
  const rows = items.map((item) => cells(columns, item, options));
  if (!options.tty) return rows.map((row) => `${row.join('\t')}\n`).join('');
  const header = columns.map((column) => column.header);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index]!.length)),
  );
  const total = widths.reduce((sum, width) => sum + width, 0) + GAP.length * (widths.length - 1);
  const flexible = columns.findIndex((column) => column.flexible);
  if (total > options.width && flexible >= 0) {
    widths[flexible] = Math.max(header[flexible]!.length, widths[flexible]! - (total - options.width));
  }
  const line = (row: string[]) =>
    row
      .map((cell, index) => {
        const fitted = truncate(cell, widths[index]!);
        return index === row.length - 1 ? fitted : fitted.padEnd(widths[index]!);
      })
      .join(GAP)
      .trimEnd();
  const head = options.colors.bold(line(header));
  return [head, ...rows.map(line)].map((text) => `${text}\n`).join('');
}

/** A single object on a terminal: one `FIELD  value` line per column. */
export function renderRecord(
  columns: readonly Column[],
  item: Record<string, unknown>,
  options: TableOptions,
): string {
  if (!options.tty) return renderTable(columns, [item], options);
  const values = cells(columns, item, options);
  const width = Math.max(...columns.map((column) => column.header.length));
  return columns
    .map((column, index) =>
      `${options.colors.bold(column.header.padEnd(width))}${GAP}${values[index]}`.trimEnd(),
    )
    .map((text) => `${text}\n`)
    .join('');
}
