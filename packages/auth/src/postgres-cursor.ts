import { BadCursorError } from './errors.ts';

/** The cursor text of a page boundary: opaque to callers, checked strictly when it comes back. */
export function encodeCursor(parts: readonly (number | string)[]): string {
  return Buffer.from(parts.join(':')).toString('base64url');
}

export function decodeCursor(cursor: string, count: number): number[] {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  const parts = text.split(':');
  if (parts.length !== count || !parts.every((p) => /^\d{1,16}$/.test(p))) throw new BadCursorError();
  const numbers = parts.map(Number);
  if (!numbers.every(Number.isSafeInteger)) throw new BadCursorError();
  return numbers;
}
