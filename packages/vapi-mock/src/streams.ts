/**
 * Streamed chat answers (`stream: true` on `POST /chat`, `/chat/responses`,
 * `/chat/completions`) as server-sent events, word by word, with faults a test can queue:
 * a dropped connection, an error event, a slow drip, or the rest held until a promise settles.
 */

/** How the next streamed answer misbehaves (`fake.streamNext(fault)`). */
export interface StreamFault {
  /** Events sent before the fault or the hold (default 1). */
  after?: number;
  /** `drop`: the connection is cut; `error`: an error event is sent and the stream ends. */
  mode?: 'drop' | 'error';
  /** Wait this long before each event (a slow drip). */
  dripMs?: number;
  /** Hold the rest of the stream (after `after` events) until this settles. */
  until?: Promise<unknown>;
}

export const STREAM_PATHS = ['/chat', '/chat/responses', '/chat/completions'];

export class StreamFaults {
  #queue: StreamFault[] = [];
  add(fault: StreamFault): void {
    const known = ['after', 'mode', 'dripMs', 'until'];
    const unknown = Object.keys(fault).filter((key) => !known.includes(key));
    if (unknown.length)
      throw new TypeError(`streamNext: unknown "${unknown.join('", "')}". Known: ${known.join(', ')}.`);
    if (fault.mode !== undefined && fault.mode !== 'drop' && fault.mode !== 'error')
      throw new TypeError(`streamNext: mode must be 'drop' or 'error', got ${String(fault.mode)}.`);
    this.#queue.push(fault);
  }
  take(): StreamFault {
    return this.#queue.shift() ?? {};
  }
  clear(): void {
    this.#queue = [];
  }
}

/** The text a streamed answer says: an echo of the last user input. */
function answerText(body: Record<string, unknown>): string {
  const input = body.input ?? body.messages;
  let said = '';
  if (typeof input === 'string') said = input;
  else if (Array.isArray(input)) {
    const last = input.at(-1) as { content?: unknown } | undefined;
    said = typeof last?.content === 'string' ? last.content : '';
  }
  return `You said: ${said || 'nothing'}. How can I help?`;
}

/** The SSE events of one answer, and what ends it. */
function eventsFor(path: string, body: Record<string, unknown>): { events: string[]; error: string } {
  const text = answerText(body);
  const words = text.match(/\S+\s*/g) ?? [];
  const id = crypto.randomUUID();
  const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
  if (path === '/chat/responses') {
    const events = words.map((delta) =>
      data({
        type: 'response.output_text.delta',
        delta,
        item_id: `msg_${id}`,
        output_index: 0,
        content_index: 0,
      }),
    );
    events.push(
      data({
        type: 'response.output_text.done',
        text,
        item_id: `msg_${id}`,
        output_index: 0,
        content_index: 0,
      }),
    );
    events.push(
      data({
        type: 'response.completed',
        response: {
          id: `resp_${id}`,
          object: 'response',
          status: 'completed',
          output: [
            { type: 'message', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] },
          ],
        },
      }),
    );
    return {
      events,
      error: data({ type: 'error', code: 'ERR_MODEL', message: 'The model failed mid-stream.', param: null }),
    };
  }
  if (path === '/chat/completions') {
    const chunk = (delta: object, finish: string | null) =>
      data({
        id: `chatcmpl-${id}`,
        object: 'chat.completion.chunk',
        model: 'gpt-4o',
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
    const events = words.map((content, n) =>
      chunk(n === 0 ? { role: 'assistant', content } : { content }, null),
    );
    events.push(chunk({}, 'stop'), 'data: [DONE]\n\n');
    return {
      events,
      error: `event: error\n${data({ error: { message: 'The model failed mid-stream.' } }).slice(0)}`,
    };
  }
  const events = words.map((delta) => data({ id, path: 'chat.output[0].content', delta }));
  return { events, error: `event: error\n${data({ message: 'The model failed mid-stream.' })}` };
}

/** The streamed answer as a `text/event-stream` Response. */
export function streamedAnswer(path: string, body: Record<string, unknown>, fault: StreamFault): Response {
  const { events, error } = eventsFor(path, body);
  const after = fault.after ?? 1;
  const encoder = new TextEncoder();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // One event per pull: a drop happens after the earlier events were read (and sent).
  const chunks = [': stream open\n\n', ...events];
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // chunks[0] is a comment, as proxies' keep-alives look; parsers must skip it.
      const sent = next - 1;
      if (next > 0 && sent === after) {
        if (fault.until) await fault.until.catch(() => undefined);
        if (fault.mode === 'drop') return controller.error(new Error('connection dropped by the fake'));
        if (fault.mode === 'error') {
          controller.enqueue(encoder.encode(error));
          return controller.close();
        }
      }
      const chunk = chunks[next++];
      if (chunk === undefined) return controller.close();
      if (fault.dripMs && next > 1) await sleep(fault.dripMs);
      controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
