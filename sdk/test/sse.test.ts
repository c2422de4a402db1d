import { describe, expect, it } from 'vitest';
import { parseServerSentEvents, type ServerSentEvent } from '../src/streaming/sse.ts';

/** A byte stream delivering `chunks` as they are (strings are UTF-8 encoded). */
function bytes(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function parse(chunks: (string | Uint8Array)[]): Promise<ServerSentEvent[]> {
  const out: ServerSentEvent[] = [];
  for await (const event of parseServerSentEvents(bytes(chunks))) out.push(event);
  return out;
}

describe('parseServerSentEvents', () => {
  it('joins multi-line data, names events, skips comments, drops one leading space', async () => {
    expect(await parse([': keep-alive\n\nevent: delta\ndata: one\ndata:  two\nid: 7\n\ndata:x\n\n'])).toEqual(
      [
        { event: 'delta', data: 'one\n two', id: '7' },
        { event: 'message', data: 'x', id: '7' },
      ],
    );
  });

  it('accepts CRLF, CR and LF line ends, a CRLF split across chunks, and a BOM', async () => {
    expect(await parse(['\uFEFFdata: a\r', '\n\r', '\ndata: b\r\rdata: c\n\n'])).toEqual([
      { event: 'message', data: 'a', id: '' },
      { event: 'message', data: 'b', id: '' },
      { event: 'message', data: 'c', id: '' },
    ]);
  });

  it('a CRLF split across chunks ends one line, not two (which would end the event early)', async () => {
    expect(await parse(['data: a\r', '\ndata: b\r\n\r\n'])).toEqual([
      { event: 'message', data: 'a\nb', id: '' },
    ]);
  });

  it('reassembles events and UTF-8 characters split across chunks; drops an unfinished event', async () => {
    const euro = new TextEncoder().encode('data: 5 €\n\n');
    const cut = euro.length - 3; // inside the three bytes of €
    expect(
      await parse(['da', 'ta: {"a"', ':1}\n', '\n', euro.slice(0, cut), euro.slice(cut), 'data: lost']),
    ).toEqual([
      { event: 'message', data: '{"a":1}', id: '' },
      { event: 'message', data: '5 €', id: '' },
    ]);
  });

  it('does not dispatch an event without data, and keeps [DONE] as data for the caller', async () => {
    expect(await parse(['event: ping\n\nretry: 10\n\ndata: [DONE]\n\n'])).toEqual([
      { event: 'message', data: '[DONE]', id: '' },
    ]);
  });
});
