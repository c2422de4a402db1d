/**
 * A realistic call, as the server messages Vapi sends about it, with when each is sent: for
 * tests and local tools (the fake Vapi plays its calls with it, the CLI's `webhooks simulate`
 * posts it). Pure data: nothing is sent here; `signWebhook` signs each message for delivery.
 */
import type { ServerMessage } from '../generated/webhooks.ts';

/** One spoken line of the conversation. */
export interface LifecycleLine {
  role: 'assistant' | 'user';
  text: string;
}

/** A function tool the assistant calls after the caller's first line. */
export interface LifecycleToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** A call's status as `status-update` messages and `call.status` name it. */
export type LifecycleStatus = 'queued' | 'ringing' | 'in-progress' | 'forwarding' | 'ended';

/** What {@link callLifecycleEvents} plays; every field has a realistic default. */
export interface CallLifecycleOptions {
  /**
   * The call the messages describe (their `call`, with `status` set per message): e.g. a call
   * record with its `monitor` URLs. Default: a web call with `callId` and `assistantId`.
   */
  call?: Record<string, unknown>;
  /** Default: `call.id`, else a random UUID. */
  callId?: string;
  assistantId?: string;
  /** The conversation, spoken in order (default: a short booking call). */
  transcript?: LifecycleLine[];
  /** Tool calls made after the first user line, in one `tool-calls` message (default: one booking). */
  toolCalls?: LifecycleToolCall[];
  summary?: string;
  /** USD. */
  cost?: number;
  endedReason?: string;
  /** When the call is answered (default: now); it is queued `answerAfterMs` before. */
  startedAt?: Date;
  /** From answer to hang-up (default 95 s); the lines are spread evenly over it. */
  durationSeconds?: number;
  /** From queued to ringing (default 1,000 ms). */
  ringAfterMs?: number;
  /** From queued to in-progress (default 3,000 ms). */
  answerAfterMs?: number;
}

/** One message and the moment Vapi sends it. */
export interface CallLifecycleEvent {
  /** Epoch ms (also the message's `timestamp`). */
  at: number;
  /** The call's status once this message is sent. */
  status: LifecycleStatus;
  /** The message as Vapi posts it inside `{ message }`. */
  message: ServerMessage & { timestamp: number; call: Record<string, unknown> };
}

/** The default conversation: a short dental booking. */
export const DEFAULT_TRANSCRIPT: LifecycleLine[] = [
  { role: 'assistant', text: 'Thanks for calling Harbour Dental, how can I help?' },
  { role: 'user', text: 'I would like a check-up on Monday morning.' },
  { role: 'assistant', text: 'You are booked for Monday at 9:30. Anything else?' },
  { role: 'user', text: 'No, thanks. Bye!' },
];

/** The default tool call: `bookAppointment` for Monday 09:30. */
export const DEFAULT_TOOL_CALLS: LifecycleToolCall[] = [
  { name: 'bookAppointment', arguments: { day: 'Monday', time: '09:30' } },
];

/** `AI: …` / `User: …` lines, as `artifact.transcript` spells a conversation. */
export function transcriptText(lines: readonly LifecycleLine[]): string {
  return lines.map((line) => `${line.role === 'assistant' ? 'AI' : 'User'}: ${line.text}`).join('\n');
}

/**
 * Every message of one call, oldest first: `status-update` queued → ringing → in-progress, a
 * final `transcript` per line, one `tool-calls` message after the first user line,
 * `status-update` ended, then the `end-of-call-report` (summary, transcript, messages, cost,
 * start and end, `durationSeconds`, ended reason) a second after the hang-up.
 */
export function callLifecycleEvents(options: CallLifecycleOptions = {}): CallLifecycleEvent[] {
  const startedAt = options.startedAt ?? new Date();
  const duration = options.durationSeconds ?? 95;
  if (!(duration >= 0))
    throw new TypeError(
      `callLifecycleEvents: durationSeconds must be a number ≥ 0, got ${String(duration)}.`,
    );
  const answerAfter = options.answerAfterMs ?? 3000;
  const ringAfter = Math.min(options.ringAfterMs ?? 1000, answerAfter);
  const callId =
    options.callId ?? (typeof options.call?.id === 'string' ? options.call.id : crypto.randomUUID());
  const start = startedAt.getTime();
  const queuedAt = start - answerAfter;
  const end = start + duration * 1000;
  const call = {
    id: callId,
    orgId: 'org-fake',
    type: 'webCall',
    assistantId: options.assistantId ?? 'asst-fake',
    createdAt: new Date(queuedAt).toISOString(),
    ...options.call,
  };
  const lines = options.transcript ?? DEFAULT_TRANSCRIPT;
  const toolCalls = options.toolCalls ?? DEFAULT_TOOL_CALLS;
  const events: CallLifecycleEvent[] = [];
  const push = (at: number, status: LifecycleStatus, fields: Record<string, unknown>) => {
    const message = { timestamp: at, call: { ...call, status }, ...fields };
    events.push({ at, status, message: message as CallLifecycleEvent['message'] });
  };

  push(queuedAt, 'queued', { type: 'status-update', status: 'queued' });
  push(queuedAt + ringAfter, 'ringing', { type: 'status-update', status: 'ringing' });
  push(start, 'in-progress', { type: 'status-update', status: 'in-progress' });
  // Lines spread evenly between answer and hang-up; the tool call half a step after the first user line.
  const step = (duration * 1000) / (lines.length + 1);
  const firstUser = lines.findIndex((line) => line.role === 'user');
  const conversation: { role: string; message: string; time: number; secondsFromStart: number }[] = [];
  for (const [index, line] of lines.entries()) {
    const at = Math.round(start + step * (index + 1));
    push(at, 'in-progress', {
      type: 'transcript',
      role: line.role,
      transcriptType: 'final',
      transcript: line.text,
    });
    conversation.push({
      role: line.role === 'assistant' ? 'bot' : 'user',
      message: line.text,
      time: at,
      secondsFromStart: (at - start) / 1000,
    });
    if (index === firstUser && toolCalls.length) {
      const list = toolCalls.map((tool, n) => ({
        id: `${callId}-tool-${n + 1}`,
        type: 'function',
        function: { name: tool.name, arguments: tool.arguments },
      }));
      push(Math.round(at + step / 2), 'in-progress', {
        type: 'tool-calls',
        toolCallList: list,
        toolWithToolCallList: list.map((toolCall) => ({
          type: 'function',
          function: { name: toolCall.function.name },
          toolCall,
        })),
      });
    }
  }
  const endedReason = options.endedReason ?? 'customer-ended-call';
  push(end, 'ended', { type: 'status-update', status: 'ended', endedReason });
  push(end + 1000, 'ended', {
    type: 'end-of-call-report',
    endedReason,
    cost: options.cost ?? 0.1234,
    startedAt: startedAt.toISOString(),
    endedAt: new Date(end).toISOString(),
    // Vapi sends the duration though the OpenAPI schema leaves it out.
    durationSeconds: duration,
    analysis: { summary: options.summary ?? 'The caller booked a check-up for Monday at 9:30.' },
    artifact: { transcript: transcriptText(lines), messages: conversation },
  });
  return events;
}
