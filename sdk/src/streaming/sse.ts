/**
 * The SDK's one server-sent events parser, as the HTML standard defines the format: lines end
 * with CRLF, LF or CR (a CR at a chunk's end waits for a possible LF), `data:` lines of one
 * event join with `\n`, a line starting with `:` is a comment, one leading space after the
 * colon is dropped, a blank line dispatches, an event without data is not dispatched, and a
 * leading byte-order mark is ignored. Chunks may split anything, a UTF-8 character included.
 */

/** One dispatched event. */
export interface ServerSentEvent {
  /** The `event:` field; `message` when absent. */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  /** The last `id:` seen (it carries over to later events, per the standard). */
  id: string;
}

/** Events of an SSE byte stream, in order; ends when the stream does (an unfinished event is dropped). */
export async function* parseServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let first = true;
  let event = '';
  let data: string[] = [];
  let id = '';
  /** One line: a field, a comment, or (empty) the end of an event. */
  const line = (text: string): ServerSentEvent | undefined => {
    if (text === '') {
      const out = data.length ? { event: event || 'message', data: data.join('\n'), id } : undefined;
      event = '';
      data = [];
      return out;
    }
    if (text.startsWith(':')) return undefined;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    return undefined;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (first && buffer.length) {
        if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
        first = false;
      }
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        // A CR at the end may be the first half of a CRLF split across chunks.
        if (c === '\r' && i === buffer.length - 1 && !done) break;
        const out = line(buffer.slice(start, i));
        if (c === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
        if (out) yield out;
      }
      buffer = buffer.slice(start);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
