import type { FailureKind } from './voice-error.ts';

/**
 * The demo call as a pure reducer: every Vapi event and every button press becomes an
 * event here, so status texts and transcript rules (spec §4, §8) are tested without a
 * browser. Texts the spec fixes are exported constants.
 */
export const STATUS = {
  loading: 'Loading the voice assistant...',
  ready: 'Ready',
  initFailed: 'Failed to initialize Vapi',
  notInitialized: 'Vapi not initialized',
  starting: 'Starting call...',
  initialized: 'Call initialized...',
  started: 'Call started',
  ended: 'Call ended',
  speaking: 'AI is speaking...',
  finishedSpeaking: 'AI finished speaking',
  muted: 'Microphone muted',
  unmuted: 'Microphone unmuted',
  ending: 'Ending call...',
} as const;

export const WELCOME_MESSAGE =
  "Welcome! I'm your AI assistant. Click the button below to start a conversation.";
export const CALL_STARTED_MESSAGE = "Call started! I'm ready — go ahead and speak.";
export const CALL_ENDED_MESSAGE = 'Call ended. Click Start Conversation whenever you want to talk again.';
export const UNKNOWN_ERROR = 'Unknown error';

export type MessageRole = 'assistant' | 'user' | 'error' | 'system';

/** Spec §3 chat message, plus an id for React keys. */
export interface ChatMessage {
  id: number;
  role: MessageRole;
  content: string;
  timestamp: string;
}

export type Setup = 'loading' | 'ready' | 'failed';
export type Phase = 'idle' | 'starting' | 'live' | 'ending';

export interface CallState {
  setup: Setup;
  phase: Phase;
  status: string;
  muted: boolean;
  /** 0–1, from `volume-level`. */
  volume: number;
  messages: ChatMessage[];
  /** A partial transcript still being spoken; replaced when its final version arrives. */
  partial?: { role: 'user' | 'assistant'; content: string };
  welcomed: boolean;
  /** How the last attempt finished: shown on the call card until the next start. */
  outcome?: 'ended' | 'failed';
  /** Why it failed, with the message to show and a retry. */
  failure?: { kind: FailureKind; message: string };
  /** When the live call began (ISO), for the timer. */
  liveSince?: string;
  /** The finished call, for its summary: the transcript entries after `firstMessageId` are its own. */
  lastCall?: { startedAt: string; endedAt: string; firstMessageId: number };
}

export const initialCallState: CallState = {
  setup: 'loading',
  phase: 'idle',
  status: STATUS.loading,
  muted: false,
  volume: 0,
  messages: [],
  welcomed: false,
};

/** `at` is the ISO timestamp of the event, supplied by the caller to keep this pure. */
export type CallEvent =
  | { type: 'setup-ready'; at: string }
  | { type: 'setup-failed' }
  | { type: 'not-initialized' }
  | { type: 'start-requested' }
  | { type: 'start-returned'; call: unknown }
  | { type: 'start-threw'; message: string; kind?: FailureKind }
  | { type: 'call-start'; at: string }
  | { type: 'call-end'; at: string }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'volume-level'; volume: number }
  | { type: 'mute-changed'; muted: boolean }
  | { type: 'stop-requested' }
  | { type: 'transcript'; role: 'user' | 'assistant'; final: boolean; text: string; at: string }
  | { type: 'assistant-message'; text: string; at: string }
  | { type: 'error'; message: string; at: string; kind?: FailureKind };

function append(state: CallState, role: MessageRole, content: string, at: string): CallState {
  const last = state.messages.at(-1);
  // The SDK reports one start failure up to twice (stage error, then start-method-error).
  if (role === 'error' && last?.role === 'error' && last.content === content) return state;
  const id = (last?.id ?? 0) + 1;
  return { ...state, messages: [...state.messages, { id, role, content, timestamp: at }] };
}

const clampVolume = (volume: number) => (Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0);

export function callReducer(state: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case 'setup-ready': {
      const ready = { ...state, setup: 'ready' as const, status: STATUS.ready };
      if (state.welcomed) return ready;
      return { ...append(ready, 'assistant', WELCOME_MESSAGE, event.at), welcomed: true };
    }
    case 'setup-failed':
      return { ...state, setup: 'failed', status: STATUS.initFailed };
    case 'not-initialized':
      return { ...state, status: STATUS.notInitialized };
    case 'start-requested':
      return {
        ...state,
        phase: 'starting',
        status: STATUS.starting,
        outcome: undefined,
        failure: undefined,
        liveSince: undefined,
      };
    case 'start-returned':
      // call-start (or an error) may already have moved on; only a pending start advances.
      if (state.phase !== 'starting') return state;
      return event.call === null || event.call === undefined
        ? { ...state, phase: 'idle', status: `Failed to start call: ${UNKNOWN_ERROR}` }
        : { ...state, status: STATUS.initialized };
    case 'start-threw': {
      const message = event.message || UNKNOWN_ERROR;
      return {
        ...state,
        phase: 'idle',
        status: `Failed to start call: ${message}`,
        outcome: 'failed',
        failure: { kind: event.kind ?? 'other', message },
      };
    }
    case 'call-start':
      return append(
        { ...state, phase: 'live', status: STATUS.started, muted: false, liveSince: event.at },
        'assistant',
        CALL_STARTED_MESSAGE,
        event.at,
      );
    case 'call-end': {
      const firstMessageId = state.messages.findLast((m) => m.content === CALL_STARTED_MESSAGE)?.id ?? 0;
      const lastCall = state.liveSince
        ? { startedAt: state.liveSince, endedAt: event.at, firstMessageId }
        : undefined;
      return append(
        {
          ...state,
          phase: 'idle',
          status: STATUS.ended,
          muted: false,
          volume: 0,
          partial: undefined,
          outcome: state.failure ? 'failed' : 'ended',
          liveSince: undefined,
          ...(lastCall ? { lastCall } : {}),
        },
        'assistant',
        CALL_ENDED_MESSAGE,
        event.at,
      );
    }
    case 'speech-start':
      return { ...state, status: STATUS.speaking };
    case 'speech-end':
      return { ...state, status: STATUS.finishedSpeaking };
    case 'volume-level':
      return { ...state, volume: clampVolume(event.volume) };
    case 'mute-changed':
      return { ...state, muted: event.muted, status: event.muted ? STATUS.muted : STATUS.unmuted };
    case 'stop-requested':
      return { ...state, phase: 'ending', status: STATUS.ending };
    case 'transcript': {
      if (!event.final) return { ...state, partial: { role: event.role, content: event.text } };
      const partial = state.partial?.role === event.role ? undefined : state.partial;
      return append({ ...state, partial }, event.role, event.text, event.at);
    }
    case 'assistant-message':
      return append(state, 'assistant', event.text, event.at);
    case 'error': {
      const message = `Error: ${event.message || UNKNOWN_ERROR}`;
      // A failed start leaves no call: Start Conversation becomes available again.
      const failedStart = state.phase === 'starting';
      const failure = { kind: event.kind ?? 'other', message: event.message || UNKNOWN_ERROR };
      return append(
        {
          ...state,
          phase: failedStart ? 'idle' : state.phase,
          status: message,
          failure,
          ...(failedStart ? { outcome: 'failed' as const } : {}),
        },
        'error',
        message,
        event.at,
      );
    }
  }
}

/** The call card's state, derived from the reducer's. */
export type CardState = 'loading' | 'ready' | 'connecting' | 'live' | 'ending' | 'ended' | 'failed';

export function cardState(state: CallState): CardState {
  if (state.setup === 'loading') return 'loading';
  if (state.setup === 'failed') return 'failed';
  if (state.phase === 'starting') return 'connecting';
  if (state.phase === 'live') return 'live';
  if (state.phase === 'ending') return 'ending';
  return state.outcome ?? 'ready';
}

export interface CallSummary {
  durationSeconds: number;
  callerTurns: number;
  assistantTurns: number;
  /** The assistant's last words, often the booking it confirmed. */
  lastAssistantLine?: string;
}

/** A short summary of the call that just ended, from its own transcript entries. */
export function callSummary(state: CallState): CallSummary | undefined {
  if (state.outcome !== 'ended' || !state.lastCall) return undefined;
  const { startedAt, endedAt, firstMessageId } = state.lastCall;
  const own = state.messages.filter(
    (m) =>
      m.id > firstMessageId &&
      m.content !== CALL_ENDED_MESSAGE &&
      (m.role === 'user' || m.role === 'assistant'),
  );
  const assistant = own.filter((m) => m.role === 'assistant');
  return {
    durationSeconds: Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 1000)),
    callerTurns: own.length - assistant.length,
    assistantTurns: assistant.length,
    ...(assistant.length > 0 ? { lastAssistantLine: assistant.at(-1)!.content } : {}),
  };
}
