/**
 * The fake's live calls: a created call moves queued → ringing → in-progress → ended on the
 * fake's clock (the SDK's `callLifecycleEvents` says when), fills its transcript line by line,
 * and ends with the end-of-call report's fields. Calls advance lazily, when a request arrives
 * (or `advanceCalls()` is called), so a test's clock drives them and a person polling the
 * loopback server sees them move in real time. Control messages posted to a call's
 * `monitor.controlUrl` are recorded and acted on.
 */
import {
  callLifecycleEvents,
  transcriptText,
  type CallLifecycleEvent,
  type LifecycleLine,
  type LifecycleToolCall,
} from '@voxdesk/sdk/webhooks';
import type { FakeRecord, FakeVapiState } from './state.ts';

/** How the fake's calls unfold (`false`: they stay queued until edited). */
export interface CallPace {
  /** From answer to hang-up. Default 20 s. */
  durationSeconds?: number;
  /** From queued to ringing. Default 1,000 ms. */
  ringAfterMs?: number;
  /** From queued to in-progress. Default 3,000 ms. */
  answerAfterMs?: number;
  /** The conversation every call plays (default: a short booking call). */
  transcript?: LifecycleLine[];
  toolCalls?: LifecycleToolCall[];
}

/** A control message a call's `monitor.controlUrl` received. */
export interface RecordedControl {
  callId: string;
  /** The message as parsed JSON. */
  message: Record<string, unknown>;
  /** ISO time on the fake's clock. */
  at: string;
}

interface LiveCall {
  record: FakeRecord;
  /** Events not yet applied, oldest first. */
  pending: CallLifecycleEvent[];
  spoken: LifecycleLine[];
  muted: { assistant: boolean; customer: boolean };
}

/** What a control message did: an HTTP status and a message for errors. */
export type ControlOutcome = { ok: true } | { ok: false; status: number; message: string };

const DEFAULT_PACE: CallPace = { durationSeconds: 20 };

export class LiveCalls {
  readonly #calls = new Map<string, LiveCall>();
  readonly #state: FakeVapiState;
  readonly #now: () => number;
  readonly #stamp: () => string;
  readonly #pace: CallPace | false;

  constructor(
    state: FakeVapiState,
    now: () => number,
    stamp: () => string,
    pace: CallPace | false | undefined,
  ) {
    this.#state = state;
    this.#now = now;
    this.#stamp = stamp;
    this.#pace = pace ?? DEFAULT_PACE;
  }

  clear(): void {
    this.#calls.clear();
  }

  /**
   * A new call: its monitor URLs on the fake's own server (unless the assistant's
   * `monitorPlan` turns them off) and its lifecycle from now.
   */
  begin(record: FakeRecord, publicBase: string): void {
    const plan = this.#monitorPlan(record);
    const monitor: Record<string, string> = {};
    const base = `${publicBase}/__monitor/${record.id}`;
    if (plan.listenEnabled !== false) monitor.listenUrl = `${base.replace(/^http/, 'ws')}/listen`;
    if (plan.controlEnabled !== false) monitor.controlUrl = `${base}/control`;
    record.monitor = monitor;
    if (this.#pace === false || record.status !== 'queued') return;
    const pace = this.#pace;
    const answerAfter = pace.answerAfterMs ?? 3000;
    const events = callLifecycleEvents({
      call: record,
      startedAt: new Date(this.#now() + answerAfter),
      answerAfterMs: answerAfter,
      ringAfterMs: pace.ringAfterMs,
      durationSeconds: pace.durationSeconds ?? DEFAULT_PACE.durationSeconds,
      transcript: pace.transcript,
      toolCalls: pace.toolCalls,
      endedReason: 'customer-ended-call',
    });
    // The first event (queued) is the call as stored.
    this.#calls.set(record.id, {
      record,
      pending: events.slice(1),
      spoken: [],
      muted: { assistant: false, customer: false },
    });
  }

  /** Apply every lifecycle step due by now to the stored calls. */
  advance(): void {
    const now = this.#now();
    for (const [id, live] of this.#calls) {
      // A call deleted or replaced through the API (or by a test) is no longer played.
      if (this.#state.calls.get(id) !== live.record) {
        this.#calls.delete(id);
        continue;
      }
      while (live.pending[0] && live.pending[0].at <= now) this.#apply(live, live.pending.shift()!);
      if (!live.pending.length && live.record.status === 'ended') this.#calls.delete(id);
    }
  }

  /** The monitor plan that governs a call: its inline assistant's, else its stored assistant's. */
  #monitorPlan(record: FakeRecord): Record<string, unknown> {
    const inline = record.assistant as { monitorPlan?: Record<string, unknown> } | undefined;
    const stored =
      typeof record.assistantId === 'string' ? this.#state.assistants.get(record.assistantId) : undefined;
    return inline?.monitorPlan ?? (stored?.monitorPlan as Record<string, unknown> | undefined) ?? {};
  }

  /** Whether a control request may act: the token Vapi's docs require when control authentication is on. */
  controlAuthProblem(record: FakeRecord, authorization: string | null): string | undefined {
    return this.#authProblem(record, 'control', authorization);
  }

  /** Whether a listen socket may open: the token Vapi's docs require when listen authentication is on. */
  listenAuthProblem(record: FakeRecord, authorization: string | null): string | undefined {
    return this.#authProblem(record, 'listen', authorization);
  }

  /** `monitorPlan.<url>AuthenticationEnabled` on: only `Authorization: Bearer <a public key>` passes. */
  #authProblem(
    record: FakeRecord,
    url: 'control' | 'listen',
    authorization: string | null,
  ): string | undefined {
    if (this.#monitorPlan(record)[`${url}AuthenticationEnabled`] !== true) return undefined;
    const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    const token = presented
      ? [...this.#state.tokens.values()].find((t) => t.value === presented && t.tag === 'public')
      : undefined;
    return token ? undefined : `Unauthorized. The ${url} URL needs \`Authorization: Bearer <public key>\`.`;
  }

  /** Record a control message and act on it, as the call's live worker does. */
  control(record: FakeRecord, message: Record<string, unknown>): ControlOutcome {
    this.advance();
    const live = this.#calls.get(record.id);
    if (record.status !== 'in-progress' && record.status !== 'forwarding')
      return { ok: false, status: 400, message: `Call is not live (status ${String(record.status)}).` };
    const at = this.#now();
    const bad = (text: string): ControlOutcome => ({ ok: false, status: 400, message: text });
    switch (message.type) {
      case 'say': {
        if (typeof message.content !== 'string' || !message.content)
          return bad('content must be a non-empty string');
        this.#recordControl(record, message, at);
        if (live && !live.muted.assistant)
          this.#speak(live, { role: 'assistant', text: message.content }, at);
        if (message.endCallAfterSpoken === true)
          this.#end(record, at, 'assistant-ended-call-after-message-spoken');
        return { ok: true };
      }
      case 'add-message': {
        const inner = message.message as { role?: unknown; content?: unknown } | undefined;
        if (typeof inner?.role !== 'string' || typeof inner.content !== 'string')
          return bad('message must be an object with a role and a string content');
        this.#recordControl(record, message, at);
        this.#artifact(record).messages.push({
          role: inner.role === 'assistant' ? 'bot' : inner.role,
          message: inner.content,
          time: at,
        });
        return { ok: true };
      }
      case 'control': {
        const action = message.control;
        const match = /^(mute|unmute)-(assistant|customer)$/.exec(String(action));
        if (!match && action !== 'say-first-message')
          return bad(
            'control must be one of mute-assistant, unmute-assistant, mute-customer, unmute-customer, say-first-message',
          );
        this.#recordControl(record, message, at);
        if (match && live) live.muted[match[2] as 'assistant' | 'customer'] = match[1] === 'mute';
        return { ok: true };
      }
      case 'end-call':
        this.#recordControl(record, message, at);
        this.#end(record, at, 'assistant-ended-call');
        return { ok: true };
      case 'transfer': {
        const destination = message.destination as
          { type?: unknown; number?: unknown; sipUri?: unknown } | undefined;
        const valid =
          (destination?.type === 'number' && typeof destination.number === 'string') ||
          (destination?.type === 'sip' && typeof destination.sipUri === 'string');
        if (!valid) return bad('destination must be { type: "number", number } or { type: "sip", sipUri }');
        this.#recordControl(record, message, at);
        record.destination = destination;
        record.status = 'forwarding';
        record.updatedAt = this.#stamp();
        // The caller is connected elsewhere: Vapi's part of the call ends soon after.
        if (live) live.pending = [];
        this.#end(record, at + 2000, 'assistant-forwarded-call');
        return { ok: true };
      }
      default:
        return bad(
          `type must be one of say, add-message, control, end-call, transfer (got ${JSON.stringify(message.type)})`,
        );
    }
  }

  #recordControl(record: FakeRecord, message: Record<string, unknown>, at: number): void {
    this.#state.controls.push({ callId: record.id, message, at: new Date(at).toISOString() });
  }

  #artifact(record: FakeRecord): { messages: Record<string, unknown>[]; transcript: string } {
    const artifact = (record.artifact ??= { messages: [], transcript: '' }) as {
      messages: Record<string, unknown>[];
      transcript: string;
    };
    artifact.messages ??= [];
    return artifact;
  }

  #speak(live: LiveCall, line: LifecycleLine, at: number): void {
    live.spoken.push(line);
    const started = Date.parse(String(live.record.startedAt ?? new Date(at).toISOString()));
    const artifact = this.#artifact(live.record);
    artifact.messages.push({
      role: line.role === 'assistant' ? 'bot' : 'user',
      message: line.text,
      time: at,
      secondsFromStart: (at - started) / 1000,
    });
    artifact.transcript = transcriptText(live.spoken);
    live.record.updatedAt = this.#stamp();
  }

  /** Hang up at `at` (now or later): the remaining script is dropped, the report follows. */
  #end(record: FakeRecord, at: number, endedReason: string): void {
    const live = this.#calls.get(record.id);
    if (!live) {
      Object.assign(record, { status: 'ended', endedReason, endedAt: new Date(at).toISOString() });
      return;
    }
    const call = { ...record };
    const events: CallLifecycleEvent[] = [
      {
        at,
        status: 'ended',
        message: { type: 'status-update', status: 'ended', endedReason, timestamp: at, call } as never,
      },
      {
        at: at + 1000,
        status: 'ended',
        message: { type: 'end-of-call-report', endedReason, timestamp: at + 1000, call } as never,
      },
    ];
    live.pending = events;
    this.advance();
  }

  #apply(live: LiveCall, event: CallLifecycleEvent): void {
    const record = live.record;
    const message = event.message as Record<string, unknown>;
    const at = new Date(event.at).toISOString();
    switch (message.type) {
      case 'status-update':
        record.status = event.status;
        if (event.status === 'in-progress') record.startedAt = at;
        if (event.status === 'ended') {
          record.endedAt = at;
          record.endedReason = message.endedReason;
        }
        record.updatedAt = this.#stamp();
        break;
      case 'transcript': {
        const role = message.role === 'assistant' ? 'assistant' : 'user';
        // A muted side is not heard: the transcript never gets its line.
        if (!live.muted[role === 'assistant' ? 'assistant' : 'customer'])
          this.#speak(live, { role, text: String(message.transcript) }, event.at);
        break;
      }
      case 'end-of-call-report': {
        const started = Date.parse(String(record.startedAt ?? record.createdAt));
        const ended = Date.parse(String(record.endedAt ?? at));
        const seconds = Math.max(0, (ended - started) / 1000);
        // $0.10 a minute, as a small Vapi call costs.
        const cost = Math.round(seconds * (0.1 / 60) * 10_000) / 10_000;
        record.cost = cost;
        record.costs = [{ type: 'vapi', minutes: seconds / 60, cost }];
        record.analysis = {
          summary: live.spoken.length
            ? `A ${Math.round(seconds)}-second call: ${live.spoken.length} lines.`
            : 'The call ended before anyone spoke.',
        };
        this.#artifact(record).transcript = transcriptText(live.spoken);
        record.updatedAt = this.#stamp();
        break;
      }
      default:
        break;
    }
  }
}
