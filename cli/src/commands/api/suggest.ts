import { editDistance } from '../../input/suggest.ts';

interface Row {
  method: string;
  path: string;
}

/** The template with this request's own segments in its placeholders, when the shapes line up. */
function filled(template: string, segments: readonly string[]): string {
  const parts = template.split('/').filter(Boolean);
  if (parts.length !== segments.length) return template;
  return `/${parts.map((part, index) => (part.startsWith('{') ? segments[index] : part)).join('/')}`;
}

/** The closest known operation to a path that matched none (a typo such as /assistants). */
export function suggestOperation<T extends Row>(
  operations: readonly T[],
  method: string,
  path: string,
): T | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { row: T; distance: number } | undefined;
  for (const row of operations) {
    const distance = editDistance(path, filled(row.path, segments)) + (row.method === method ? 0 : 1);
    if (!best || distance < best.distance) best = { row, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(path.length / 5)) ? best.row : undefined;
}
