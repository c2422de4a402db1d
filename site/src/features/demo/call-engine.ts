// Everything a call needs once Start is pressed, loaded then (useVoiceCall imports this module
// on the first Start): the SDK's event wiring, the error wording, the microphone check, the
// server's start grant and the preview report. /demo before Start ships none of it.
import type { CallEvent } from './call-state.ts';
import type { DemoSetup } from './demo-config.ts';
import { callEventFromMessage } from './vapi-message.ts';
import { classifyVoiceError, describeVoiceError } from './voice-error.ts';
import { createVoiceClient, loadVoiceClientClass, type VoiceClient } from './voice-client.ts';

export { checkMicrophone } from './microphone.ts';
export { reportPreviewCall, requestCallStart, transcriptText } from './demo-call-api.ts';
export { classifyVoiceError, describeVoiceError };

const now = () => new Date().toISOString();

/** The engine for this setup: the Vapi SDK (82 kB gz, imported here) or the preview player. */
export async function makeVoiceClient(setup: DemoSetup): Promise<VoiceClient> {
  return setup.mode === 'live'
    ? createVoiceClient(await loadVoiceClientClass(), setup.publicKey)
    : new (await import('./preview-voice-client.ts')).PreviewVoiceClient();
}

/** Wires every SDK event to the reducer. The `error` listener goes on first: without one,
 *  any failure inside `start()` is rethrown by EventEmitter as an unhandled rejection. */
export function attach(client: VoiceClient, dispatch: (event: CallEvent) => void) {
  const onError = (payload: unknown) =>
    dispatch({
      type: 'error',
      message: describeVoiceError(payload),
      kind: classifyVoiceError(payload),
      at: now(),
    });
  client.on('error', onError);
  // Daily reports a refused or missing microphone as a camera-error.
  client.on('camera-error', onError);
  client.on('call-start', () => dispatch({ type: 'call-start', at: now() }));
  client.on('call-end', () => dispatch({ type: 'call-end', at: now() }));
  client.on('speech-start', () => dispatch({ type: 'speech-start' }));
  client.on('speech-end', () => dispatch({ type: 'speech-end' }));
  client.on('volume-level', (volume: number) => dispatch({ type: 'volume-level', volume }));
  client.on('message', (message: unknown) => {
    const event = callEventFromMessage(message, now());
    if (event) dispatch(event);
  });
}
