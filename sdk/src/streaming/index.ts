/**
 * `@voxdesk/sdk/streaming`: Vapi's chat endpoints with `stream: true`, as typed event streams.
 *
 * ```ts
 * import { Vapi } from '@voxdesk/sdk';
 * import { streamChat } from '@voxdesk/sdk/streaming';
 * const stream = await streamChat(new Vapi(), { assistantId, input: 'Hello' });
 * for await (const event of stream) process.stdout.write(event.delta);
 * ```
 *
 * Each function resolves once the response's headers arrived (an HTTP error is thrown then,
 * typed, after the client's usual retries); the events follow as the server sends them, never
 * retried. An entry of its own, so `new Vapi()` bundles do not carry it.
 * @module @voxdesk/sdk/streaming
 */
import type { VapiCore } from '../client.ts';
import { VapiUnexpectedResponseError } from '../errors.ts';
import type { components } from '../generated/openapi.ts';
import type { CreateChatDTO, OpenAIResponsesRequest } from '../generated/types.ts';
import type { RequestOptions } from '../options.ts';
import { VapiStream } from './stream.ts';

export { VapiStream, VapiStreamError, type StreamInit } from './stream.ts';
export { parseServerSentEvents, type ServerSentEvent } from './sse.ts';

type Schemas = components['schemas'];
/** One event of `POST /chat` streamed: a piece of the answer at `path`. */
export type ChatStreamEvent = Schemas['CreateChatStreamResponse'];
/** The Responses-format events of `POST /chat/responses` streamed. */
export type ResponseStreamEvent =
  | Schemas['ResponseTextDeltaEvent']
  | Schemas['ResponseTextDoneEvent']
  | Schemas['ResponseCompletedEvent']
  | Schemas['ResponseErrorEvent'];
/** One chunk of `POST /chat/completions` streamed (OpenAI's `chat.completion.chunk`). */
export interface CompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created?: number;
  model?: string;
  choices: {
    index: number;
    delta: { role?: string; content?: string | null };
    finish_reason: string | null;
  }[];
}

/** Per-request options, plus how long the stream may go without a byte. */
export interface StreamOptions extends RequestOptions {
  /** ms without any data before the stream fails with `VapiTimeoutError` (default 60,000). */
  idleTimeout?: number;
}

async function open<E>(
  client: VapiCore,
  path: string,
  body: object,
  textOf: (event: E) => string,
  { idleTimeout = 60_000, ...options }: StreamOptions = {},
): Promise<VapiStream<E>> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const response = await client.send<Response>({
    method: 'POST',
    path,
    body: { ...body, stream: true },
    returns: 'file',
    options: { ...options, signal, headers: { ...options.headers, accept: 'text/event-stream' } },
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) {
    const text = await response.text();
    throw new VapiUnexpectedResponseError(
      `POST ${path}: expected a text/event-stream, got ${type || 'no content type'} "${text.slice(0, 60)}"`,
      { status: response.status, body: text, method: 'POST', url: response.url, response },
    );
  }
  return new VapiStream<E>(response, {
    method: 'POST',
    url: response.url || path,
    textOf,
    controller,
    signal: options.signal,
    idleTimeout,
  });
}

/** `POST /chat` streamed: deltas of the assistant's answer. */
export function streamChat(
  client: VapiCore,
  body: CreateChatDTO,
  options?: StreamOptions,
): Promise<VapiStream<ChatStreamEvent>> {
  return open<ChatStreamEvent>(client, '/chat', body, (e) => e.delta ?? '', options);
}

/** `POST /chat/responses` streamed: OpenAI Responses-format events (`response.output_text.delta` …). */
export function streamResponse(
  client: VapiCore,
  body: OpenAIResponsesRequest,
  options?: StreamOptions,
): Promise<VapiStream<ResponseStreamEvent>> {
  return open<ResponseStreamEvent>(
    client,
    '/chat/responses',
    body,
    (e) => (e.type === 'response.output_text.delta' ? e.delta : ''),
    options,
  );
}

/** `POST /chat/completions` streamed: OpenAI chat-completion chunks. */
export function streamCompletion(
  client: VapiCore,
  body: Record<string, unknown>,
  options?: StreamOptions,
): Promise<VapiStream<CompletionChunk>> {
  return open<CompletionChunk>(
    client,
    '/chat/completions',
    body,
    (e) => e.choices?.map((c) => c.delta?.content ?? '').join('') ?? '',
    options,
  );
}
