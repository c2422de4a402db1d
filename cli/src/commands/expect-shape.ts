import { CliError } from '../errors.ts';

/** What came back, in a few words: `text "<html>…"`, `an array`, `nothing`. */
function described(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'an empty body';
  if (typeof value === 'string') {
    const text = value.replace(/\s+/g, ' ').trim();
    return `text "${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;
  }
  if (Array.isArray(value)) return 'a JSON array';
  return `a JSON ${typeof value}`;
}

/**
 * A 2xx whose body is not the JSON object the endpoint returns (an HTML page from a proxy,
 * a bare array) is an error, exit 1: printing nothing or `[]` would tell a script all is well.
 */
export function expectObject(value: unknown, request: string): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new CliError(`unexpected response from ${request}: expected a JSON object, got ${described(value)}`);
}
