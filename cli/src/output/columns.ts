/** One column of a resource's table: how to read a cell from an API object. */
export interface Column {
  header: string;
  value: (item: Record<string, unknown>) => unknown;
  /** ISO timestamps: relative on a terminal, ISO when piped. */
  time?: boolean;
  /** A long free-text column (a name); kept for callers, widths are fitted to all columns alike. */
  flexible?: boolean;
  /** Never truncated on a terminal (ids: a cut id cannot be copied). */
  keep?: boolean;
  /** Never truncated either (phone numbers, statuses): a cut one misleads. Times are always whole. */
  whole?: boolean;
  /**
   * Dropped whole when a terminal is too narrow, lowest first (a type, an assistant id),
   * before any column is shortened. Columns without it are never dropped.
   */
  drop?: number;
}

/** Reads a dotted path (`customer.number`) from an API object. */
export function pick(path: string): (item: Record<string, unknown>) => unknown {
  const keys = path.split('.');
  return (item) => {
    let value: unknown = item;
    for (const key of keys) {
      if (!value || typeof value !== 'object') return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    return value;
  };
}

export const idColumn: Column = { header: 'ID', value: pick('id'), keep: true };
export const createdColumn: Column = { header: 'CREATED', value: pick('createdAt'), time: true };

export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
