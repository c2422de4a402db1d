import {
  classifyVoiceError,
  describeVoiceError,
  INSECURE_CONTEXT_MESSAGE,
  NO_MICROPHONE_MESSAGE,
  type FailureKind,
} from './voice-error.ts';

export type MicrophoneCheck = { ok: true } | { ok: false; kind: FailureKind; message: string };

/**
 * Asks for the microphone once and lets go of it at once, so a refused permission or a
 * missing device is told apart (and explained) before the call is set up. The browser
 * remembers the answer, so the SDK's own request that follows does not prompt again.
 */
export async function checkMicrophone(): Promise<MicrophoneCheck> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) {
    // Browsers hide mediaDevices outside secure contexts (plain http other than localhost).
    return typeof window !== 'undefined' && window.isSecureContext === false
      ? { ok: false, kind: 'no-mic', message: INSECURE_CONTEXT_MESSAGE }
      : { ok: false, kind: 'no-mic', message: NO_MICROPHONE_MESSAGE };
  }
  try {
    const stream = await media.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return { ok: true };
  } catch (error) {
    return { ok: false, kind: classifyVoiceError(error), message: describeVoiceError(error) };
  }
}
