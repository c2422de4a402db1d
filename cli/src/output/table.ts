import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
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
/** A shrunk column keeps at least this many cells ("abcd…"), or its whole text if shorter. */
const MIN_CELLS = 5;

function cells(columns: readonly Column[], item: Record<string, unknown>, options: TableOptions): string[] {
  return columns.map((column) => {
    const text = cellText(column.value(item));
    if (column.time && options.tty && text) return relativeTime(text, options.now);
    // One record per line for scripts: tabs and newlines inside a value would break it.
    return text.replace(/[\t\r\n]+/g, ' ');
  });
}

/** Pads to a display width (wide characters and emoji take two cells). */
function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** Ids, phone numbers, statuses and times are shown whole or not at all. */
const uncut = (column: Column | undefined) => Boolean(column?.keep || column?.whole || column?.time);

/**
 * Which columns a terminal of `width` shows: empty columns go, then droppable ones, lowest
 * `drop` first, while the natural widths do not fit. What is left may still be shortened
 * (names), never cut where it matters (`uncut`).
 */
export function shownColumns(
  columns: readonly Column[],
  natural: readonly number[],
  width: number,
  rows: number,
): number[] {
  let shown = columns.map((_, index) => index);
  // A column no row fills only takes room (its header alone says nothing).
  if (rows > 0) shown = shown.filter((index) => (natural[index] ?? 0) > 0 || columns[index]?.keep);
  const total = () =>
    shown.reduce((sum, index) => sum + (natural[index] ?? 0), 0) + GAP.length * (shown.length - 1);
  const droppable = shown
    .filter((index) => columns[index]?.drop !== undefined)
    .sort((a, b) => (columns[a]?.drop ?? 0) - (columns[b]?.drop ?? 0));
  for (const index of droppable) {
    if (total() <= width) break;
    shown = shown.filter((kept) => kept !== index);
  }
  return shown;
}

/**
 * Column widths that fit `available` cells: the widest shrinkable column gives up a cell
 * at a time (so several columns shrink, the longest first), down to its minimum.
 * Columns marked `keep` (ids) never shrink: a cut id cannot be copied.
 */
export function fitWidths(
  columns: readonly Column[],
  natural: readonly number[],
  available: number,
): number[] {
  const widths = [...natural];
  const minimums = natural.map((width, index) =>
    uncut(columns[index]) ? width : Math.min(width, MIN_CELLS),
  );
  let excess = widths.reduce((sum, width) => sum + width, 0) - available;
  while (excess > 0) {
    let widest = -1;
    widths.forEach((width, index) => {
      if (width > (minimums[index] ?? 0) && (widest < 0 || width > (widths[widest] ?? 0))) widest = index;
    });
    if (widest < 0) break; // nothing left to give: the terminal wraps
    widths[widest] = (widths[widest] ?? 0) - 1;
    excess--;
  }
  return widths;
}

/**
 * A terminal gets a header and aligned columns fitted to its width, measured in display
 * cells; a pipe gets tab-separated rows, untruncated, no header, ISO times (as `gh`).
 */
export function renderTable(
  columns: readonly Column[],
  items: readonly Record<string, unknown>[],
  options: TableOptions,
): string {
  const all = items.map((item) => cells(columns, item, options));
  if (!options.tty) return all.map((row) => `${row.join('\t')}\n`).join('');
  // Measured on the values alone first, so an empty column is seen as empty.
  const filled = columns.map((_, index) => Math.max(0, ...all.map((row) => stringWidth(row[index] ?? ''))));
  const headerOf = (index: number) => stringWidth(columns[index]?.header ?? '');
  const shown = shownColumns(
    columns,
    filled.map((width, index) => (width === 0 ? 0 : Math.max(width, headerOf(index)))),
    options.width,
    all.length,
  );
  const kept = shown.map((index) => columns[index]!);
  const rows = all.map((row) => shown.map((index) => row[index] ?? ''));
  const header = kept.map((column) => column.header);
  const natural = shown.map((index) => Math.max(filled[index] ?? 0, headerOf(index)));
  const widths = fitWidths(kept, natural, options.width - GAP.length * (kept.length - 1));
  const line = (row: string[]) =>
    row
      .map((cell, index) => {
        const fitted = cliTruncate(cell, widths[index] ?? 0);
        return index === row.length - 1 ? fitted : pad(fitted, widths[index] ?? 0);
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
  const width = Math.max(...columns.map((column) => stringWidth(column.header)));
  return columns
    .map((column, index) =>
      `${options.colors.bold(pad(column.header, width))}${GAP}${values[index]}`.trimEnd(),
    )
    .map((text) => `${text}\n`)
    .join('');
}
