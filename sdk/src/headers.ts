/**
 * Request headers as a plain object with lowercase names: fetch takes one with less work than a
 * `Headers` object. Whatever the caller supplies goes in through `setHeader`, which refuses what
 * `Headers` refuses, with Headers' own TypeError: before the request, not inside fetch, where it
 * would look like a network failure and be retried.
 */
export type HeaderRecord = Record<string, string>;

// An HTTP token; a value without NUL, CR or LF or anything past U+00FF. Whatever fails these
// goes to Headers itself, which also takes a CR or LF at either end (it trims them).
const NAME = /^[\w!#$%&'*+.^`|~-]+$/;
const VALUE = /^[^\0\r\n\u0100-\uffff]*$/;

/** `headers.set(name, value)`, for a plain object. */
export function setHeader(headers: HeaderRecord, name: string, value: string): void {
  if (!NAME.test(name) || !VALUE.test(value)) new Headers().set(name, value);
  headers[name.toLowerCase()] = value;
}

/** `headers.has(name)`, for a plain object. */
export const hasHeader = (headers: HeaderRecord, name: string): boolean =>
  Object.hasOwn(headers, name.toLowerCase());
