/** Whether parsing `prefix` failed only because it ended early (so the text is fine so far). */
function failsOnlyAtEnd(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    const at = /at position (\d+)/.exec(message);
    return message.includes('Unexpected end') || (at !== null && Number(at[1]) >= prefix.length);
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length} column ${before.at(-1)!.length + 1}`;
}

/**
 * JSON.parse's message, always with a line and column. V8 names the position for most
 * mistakes but only quotes a snippet for an unexpected token, so we find the first
 * offending character ourselves (binary search over prefixes: every prefix of valid JSON
 * fails only at its end).
 */
export function describeJsonError(text: string, error: Error): string {
  const message = error.message.replace(/, .*is not valid JSON$/s, '');
  if (/\(line \d+ column \d+\)/.test(message) || message.includes('Unexpected end')) return message;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (failsOnlyAtEnd(text.slice(0, middle + 1))) low = middle + 1;
    else high = middle;
  }
  return `${message} at ${lineAndColumn(text, low)}`;
}
