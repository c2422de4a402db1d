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

const fieldRef = (field: string) => {
  if (!/^[A-Za-z0-9 _-]+$/.test(field)) throw new Error(`Unsupported Airtable field name: ${field}`);
  return `{${field}}`;
};

/** `{Field} >= 123` (or another comparison) for a number field. */
export function fieldCompares(field: string, op: '<' | '>=', value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a number for {${field}}: ${value}`);
  return `${fieldRef(field)} ${op} ${value}`;
}

/** True when `word` (already lower-cased) is part of any of the text fields, case-insensitively. */
export function fieldsContain(fields: readonly string[], word: string): string {
  return `FIND(${formulaString(word)}, LOWER(${fields.map(fieldRef).join(" & ' ' & ")})) > 0`;
}

/** Every condition at once; undefined when there are none (no filter). */
export function formulaAll(conditions: readonly string[]): string | undefined {
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : `AND(${conditions.join(', ')})`;
}
