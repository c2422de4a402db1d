interface Row {
  method: string;
  path: string;
}

/** Edit distance (insert, delete, replace), for "did you mean" on unknown paths. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
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
