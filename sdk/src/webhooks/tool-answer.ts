/**
 * A tool's full answer for one tool call: `result`, a `message` the assistant speaks, and
 * `metadata`. A handler in `tools` that returns one (e.g. through `defineTool`) answers with
 * these fields; any other return value is the `result` as before.
 */
import type { components } from '../generated/openapi.ts';

type Schemas = components['schemas'];
/** What the assistant says about the call: text (a `request-complete` message) or Vapi's message object. */
export type ToolSpokenMessage = string | Schemas['ToolMessageComplete'] | Schemas['ToolMessageFailed'];

/** The fields of one tool call's answer besides its id and name. */
export interface ToolAnswerFields {
  /** What the model reads: text as it is, anything else as JSON. */
  result?: unknown;
  /** A failure the model hears (instead of `result`). */
  error?: string;
  /** Spoken to the caller; without it the assistant uses the tool's messages or the model's words. */
  message?: ToolSpokenMessage;
  metadata?: Record<string, unknown>;
}

const TOOL_ANSWER: unique symbol = Symbol.for('@voxdesk/sdk.toolAnswer');

/** Marks `fields` as a full answer rather than a result value. */
export function toolAnswer(fields: ToolAnswerFields): ToolAnswerFields {
  return Object.defineProperty({ ...fields }, TOOL_ANSWER, { value: true });
}

/** The answer's fields as Vapi takes them, when `value` came from `toolAnswer`. */
export function answerFields(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || !(TOOL_ANSWER in value)) return undefined;
  const { result, error, message, metadata } = value as ToolAnswerFields;
  const out: Record<string, unknown> = {};
  if (result !== undefined) out.result = typeof result === 'string' ? result : (JSON.stringify(result) ?? '');
  if (error !== undefined) out.error = error;
  if (message !== undefined)
    out.message = typeof message === 'string' ? { type: 'request-complete', content: message } : message;
  if (metadata !== undefined) out.metadata = metadata;
  return out;
}
