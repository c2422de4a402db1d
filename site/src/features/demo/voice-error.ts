/**
 * Turns whatever `@vapi-ai/web` puts in an `error` or `camera-error` event into one line
 * for the status and the transcript. The payload is `{ type, error: {...} }`, where
 * `error.message` may be a string, or the parsed JSON body of a failed HTTP call, or a
 * Daily event object; strings sit under `message`, `errorMsg`, `msg` or `error`.
 */
export const MICROPHONE_DENIED_MESSAGE =
  'Microphone access was denied. Allow the microphone for this site (the icon in the address bar or your browser settings), then click Start Conversation again.';

export const NO_MICROPHONE_MESSAGE =
  'No microphone was found. Plug in or turn on a microphone (or allow this browser to use it), then try again.';

export const INSECURE_CONTEXT_MESSAGE =
  'This browser only allows the microphone on a secure (https) page. Open the site over https, then try again.';

export const VOICE_SERVICE_UNREACHABLE_MESSAGE =
  'Could not reach the voice service. Check your internet connection and any content blocker, then try again.';

const UNKNOWN_ERROR = 'Unknown error';
const TEXT_KEYS = ['message', 'errorMsg', 'msg', 'error'] as const;
const MAX_DEPTH = 5;

function textOf(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    const parts = value.map((item) => textOf(item, depth + 1)).filter((part) => part !== undefined);
    return parts.length > 0 ? parts.join('; ') : undefined;
  }
  for (const key of TEXT_KEYS) {
    const text = textOf((value as Record<string, unknown>)[key], depth + 1);
    if (text) return text;
  }
  return undefined;
}

/** Every string anywhere in the payload (bounded depth), for recognising a permission refusal. */
function allStrings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return [];
  // An Error's (or DOMException's) name and message are not own enumerable properties.
  const own = value instanceof Error || value instanceof DOMException ? [value.name, value.message] : [];
  return [...own, ...Object.values(value).flatMap((item) => allStrings(item, depth + 1))];
}

/**
 * A refused microphone shows up as the browser's `NotAllowedError` ("Permission denied")
 * or Daily's camera-error `{ type: 'permissions' }`.
 */
export function isMicrophoneDenied(payload: unknown): boolean {
  return allStrings(payload).some((text) =>
    /NotAllowedError|PermissionDeniedError|permission denied|^permissions$/i.test(text),
  );
}

/** A missing or unusable microphone: `NotFoundError` / `NotReadableError` (Daily: 'not-found'). */
export function isMicrophoneMissing(payload: unknown): boolean {
  return allStrings(payload).some((text) =>
    /NotFoundError|DevicesNotFoundError|NotReadableError|Requested device not found|^not-found$|no microphone/i.test(
      text,
    ),
  );
}

/** Which of the call card's failure messages fits: each has its own words and a retry. */
export type FailureKind = 'mic-denied' | 'no-mic' | 'network' | 'other';

export function classifyVoiceError(payload: unknown): FailureKind {
  if (isMicrophoneDenied(payload)) return 'mic-denied';
  if (isMicrophoneMissing(payload)) return 'no-mic';
  return describeVoiceError(payload) === VOICE_SERVICE_UNREACHABLE_MESSAGE ? 'network' : 'other';
}

/** The message for `Error: {message}` / `Failed to start call: {message}` (spec §8). */
export function describeVoiceError(payload: unknown): string {
  if (isMicrophoneDenied(payload)) return MICROPHONE_DENIED_MESSAGE;
  if (isMicrophoneMissing(payload)) return NO_MICROPHONE_MESSAGE;
  const text = textOf(payload);
  // fetch() to api.vapi.ai failing outright (offline, DNS, blocked) says only this.
  if (
    text &&
    /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/.test(text)
  ) {
    return VOICE_SERVICE_UNREACHABLE_MESSAGE;
  }
  return text ?? UNKNOWN_ERROR;
}
