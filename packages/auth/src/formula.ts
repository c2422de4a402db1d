/**
 * Airtable formulas have no escaping helper. Inside a single-quoted string literal a backslash
 * escapes the next character, so escape backslashes first, then quotes.
 */
export function formulaString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `{Field} = 'value'`, safe for any value. */
export function fieldEquals(field: string, value: string): string {
  if (!/^[A-Za-z0-9 _-]+$/.test(field)) throw new Error(`Unsupported Airtable field name: ${field}`);
  return `{${field}} = ${formulaString(value)}`;
}
