/**
 * `createWebhookHandler`: a fetch-style `(Request) => Promise<Response>` for a Vapi server URL.
 * It verifies the raw body, parses it, dispatches by `message.type` and, for `tool-calls`, by
 * function name, and answers in the shape Vapi expects.
 */
import { WebhookVerificationError } from './errors.ts';
import {
  requestMessageTypes,
  type ServerMessage,
  type ServerMessageResponses,
  type ServerMessages,
  type ServerMessageToolCalls,
} from '../generated/webhooks.ts';
import { createVerifier, type SignedRequest, type Verifier, type VerifierOptions } from './verify.ts';
import { callControl, type CallControl, type CallControlOptions } from '../control.ts';
import type { VapiCore } from '../client.ts';
import type { VapiOptions } from '../options.ts';
import { answerFields } from './tool-answer.ts';

/** 4 MiB: an end-of-call report with a long transcript fits; Vercel caps bodies at 4.5 MB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

type MaybePromise<T> = T | Promise<T>;
/** Every `message.type` Vapi sends, e.g. `'status-update'`. */
export type ServerMessageType = keyof ServerMessages;
/** The message types whose answer Vapi reads from the response body. */
export type RequestMessageType = keyof ServerMessageResponses;

/** What a handler gets besides the message: the original Request, and control of the call. */
export interface WebhookContext<M extends ServerMessage = ServerMessage> {
  request: Request;
  message: M;
  /**
   * Live control of the message's call (`say`, `endCall`, …), posted to its
   * `monitor.controlUrl`; no API key is sent (see the handler's `control` option).
   */
  control: CallControl;
}

/** One entry of `message.toolCallList`, with its arguments parsed. */
export interface ToolCallContext extends WebhookContext<ServerMessageToolCalls> {
  toolCall: ServerMessageToolCalls['toolCallList'][number];
}

/**
 * A handler per message type. Request-style types return their answer (or a `Response`, e.g.
 * raw audio for `voice-request`); other types are notifications whose result is ignored.
 */
export type MessageHandlers = {
  [T in ServerMessageType]?: (
    message: ServerMessages[T],
    context: WebhookContext<ServerMessages[T]>,
  ) => T extends RequestMessageType
    ? MaybePromise<ServerMessageResponses[T] | Response>
    : MaybePromise<unknown>;
};

/**
 * A tool implementation: gets the call's parsed arguments; what it returns becomes the tool
 * call's `result` (strings as they are, anything else as JSON); what it throws, its `error`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arguments are whatever the tool's schema says
export type ToolHandler = (args: any, context: ToolCallContext) => unknown;

/** Options of {@link createWebhookHandler}: how to verify, what to run, limits. */
export interface WebhookHandlerOptions extends VerifierOptions {
  /** A custom check instead of `secret`/`credentials` (throw to refuse), or `false` to skip (local use only). */
  verify?: false | ((request: SignedRequest) => Promise<unknown>);
  on?: MessageHandlers;
  /** `tool-calls` dispatched by function name (give this or `on['tool-calls']`, not both). */
  tools?: Record<string, ToolHandler>;
  /** Larger bodies get 413 (default 4 MiB). */
  maxBodyBytes?: number;
  /** Keeps a notification's work alive after the 200 (`ctx.waitUntil` on Workers/Vercel). */
  waitUntil?: (work: Promise<unknown>) => void;
  /**
   * Run notification handlers before answering: a throw then answers 500 (and reaches
   * `onError`), so work that must not be lost, such as storing a report, can be retried by
   * Vapi's `server.backoffPlan`. Default false: answer 200 at once.
   */
  awaitNotifications?: boolean;
  /**
   * How `ctx.control` sends: `publicKey` (only for assistants with
   * `monitorPlan.controlAuthenticationEnabled`), `timeout`, `fetch`. No API key is ever sent.
   */
  control?: CallControlOptions & Pick<VapiOptions, 'fetch'>;
  /** Failures the caller never sees: verification refusals, notification and handler errors. Default: console.error. */
  onError?: (error: unknown, request: Request) => void;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

class BodyTooLarge extends Error {}

async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) throw new BodyTooLarge();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

function parseMessage(body: Uint8Array): ServerMessage | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch (error) {
    return `The body is not JSON: ${(error as Error).message}`;
  }
  const message = (parsed as { message?: { type?: unknown } } | null)?.message;
  if (!message || typeof message !== 'object' || typeof message.type !== 'string')
    return 'The body is not a Vapi server message: expected {"message": {"type": …}}.';
  return message as ServerMessage;
}

/** Tool arguments arrive as an object, or as a JSON string in OpenAI's format. */
function toolArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new Error(`The tool arguments are not JSON: ${raw.slice(0, 80)}`);
  }
}

async function runTools(
  tools: Record<string, ToolHandler>,
  context: WebhookContext<ServerMessageToolCalls>,
): Promise<ServerMessageResponses['tool-calls']> {
  const calls = context.message.toolCallList ?? [];
  const results = await Promise.all(
    calls.map(async (toolCall) => {
      const name = toolCall.function?.name;
      const base = { toolCallId: toolCall.id, name };
      const tool = Object.hasOwn(tools, name) ? tools[name] : undefined;
      if (!tool)
        return {
          ...base,
          error: `Unknown tool "${name}": this server implements ${Object.keys(tools).join(', ') || 'no tools'}.`,
        };
      try {
        const value = await tool(toolArguments(toolCall.function.arguments), { ...context, toolCall });
        const fields = answerFields(value);
        if (fields) return { ...base, ...fields };
        return { ...base, result: typeof value === 'string' ? value : (JSON.stringify(value) ?? '') };
      } catch (error) {
        return { ...base, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  return { results };
}

const REQUEST_TYPES: ReadonlySet<string> = new Set(requestMessageTypes);

/** A `(Request) => Promise<Response>` for Hono, Next.js route handlers, Bun, Deno and Workers. */
export function createWebhookHandler(
  options: WebhookHandlerOptions,
): (request: Request) => Promise<Response> {
  const { on = {}, tools, maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('[vapi webhook]', error));
  if (tools && on['tool-calls'])
    throw new TypeError("createWebhookHandler: give `tools` or `on['tool-calls']`, not both.");
  let verify: Verifier | ((request: SignedRequest) => Promise<unknown>) | undefined;
  if (options.verify === false) verify = undefined;
  else if (options.verify) verify = options.verify;
  else if (options.secret !== undefined || options.credentials !== undefined)
    verify = createVerifier(options);
  else
    throw new TypeError(
      'createWebhookHandler needs `secret`, `credentials` or `verify` (use `verify: false` only for local testing).',
    );

  const { fetch, ...controlOptions } = options.control ?? {};
  let core: Promise<VapiCore> | undefined;
  // The client loads on the first control message: handlers that never control do not ship it.
  // Taken from the /fn entry, not client.ts: an entry already, so the build makes no extra chunk
  // for it, and the root's import stays one file fewer.
  const controlCore = () => (core ??= import('../fn.ts').then(({ VapiCore }) => new VapiCore({ fetch })));

  return async (request) => {
    if (request.method !== 'POST') return json({ error: 'Vapi server messages are POSTed.' }, 405);
    let body: Uint8Array;
    try {
      body = await readBody(request, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return json({ error: `The body is over ${maxBodyBytes} bytes.` }, 413);
      throw error;
    }
    if (verify) {
      try {
        await verify({ method: request.method, url: request.url, headers: request.headers, body });
      } catch (error) {
        onError(error, request);
        const reason = error instanceof WebhookVerificationError ? error.reason : 'rejected';
        return json({ error: `Webhook verification failed (${reason}).` }, 401);
      }
    }
    const message = parseMessage(body);
    if (typeof message === 'string') return json({ error: message }, 400);
    const call = (message as { call?: Parameters<typeof callControl>[1] }).call ?? {};
    const context = { request, message, control: callControl(controlCore, call, controlOptions) };
    if (message.type === 'tool-calls' && tools) return json(await runTools(tools, { ...context, message }));
    // Own keys only: a message type such as "toString" must not reach Object.prototype.
    const handle = Object.hasOwn(on, message.type)
      ? (on as Record<string, ((m: unknown, c: unknown) => unknown) | undefined>)[message.type]
      : undefined;
    if (!REQUEST_TYPES.has(message.type) && !(handle && options.awaitNotifications)) {
      // A notification: Vapi waits for nothing, so answer now and let the work finish after.
      if (handle) {
        const work = Promise.resolve()
          .then(() => handle(message, context))
          .catch((error: unknown) => onError(error, request));
        options.waitUntil?.(work);
      }
      return json({});
    }
    if (!handle) return json({});
    try {
      const answer = await handle(message, context);
      if (!REQUEST_TYPES.has(message.type)) return json({});
      return answer instanceof Response ? answer : json(answer ?? {});
    } catch (error) {
      onError(error, request);
      return json({ error: `The ${message.type} handler failed.` }, 500);
    }
  };
}
