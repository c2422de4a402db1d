import type { IOStreams } from '../../factory.ts';

/** A parsed body as text: JSON pretty-printed, strings as they are. */
export function formatBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') return body.endsWith('\n') ? body : `${body}\n`;
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** `-i`: the status line and headers, then a blank line. */
export function formatHead(response: Response): string {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`.trimEnd()];
  for (const [name, value] of response.headers) lines.push(`${name}: ${value}`);
  return `${lines.join('\n')}\n\n`;
}

const isText = (type: string) =>
  type === '' || /json|^text\/|xml|javascript|x-www-form-urlencoded/.test(type);

/**
 * Prints a response: JSON pretty, text as is, and anything else (recordings, pcap) as raw
 * bytes so `> file` saves it. Raw bytes never go to a terminal, where they would only
 * garble it; the size and type go to stderr instead.
 */
export async function writeResponse(io: IOStreams, response: Response, include: boolean): Promise<void> {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (include) io.stdout.write(formatHead(response));
  if (isText(type)) {
    const text = await response.text();
    let body: unknown = text;
    if (type.includes('json') && text) {
      try {
        body = JSON.parse(text);
      } catch {
        // Not one JSON document (e.g. NDJSON logs): print the text as it came.
      }
    }
    io.stdout.write(formatBody(body));
    return;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (io.isStdoutTTY) {
    io.stderr.write(
      `${bytes.length} bytes of ${type} not shown on a terminal; redirect stdout to save them (> file)\n`,
    );
    return;
  }
  io.stdout.write(bytes);
}
