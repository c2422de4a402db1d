import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { callReducer, initialCallState, type CallEvent, type CallState } from './call-state.ts';
import type { Settled } from '../../shared/settle.ts';
import type { DemoSetup, Receptionist } from './demo-config.ts';
import { callEventFromMessage } from './vapi-message.ts';
import { checkMicrophone } from './microphone.ts';
import { classifyVoiceError, describeVoiceError } from './voice-error.ts';
import { createVoiceClient, loadVoiceClientClass, type VoiceClient } from './voice-client.ts';

export interface VoiceCall extends CallState {
  /** The receptionists this server offers (empty until set up, or when offline). */
  receptionists: Receptionist[];
  /** Starts a call with this assistant (default: the first receptionist's). */
  start(assistantId?: string): Promise<void>;
  stop(): void;
  toggleMute(): void;
}

const now = () => new Date().toISOString();

/** Wires every SDK event to the reducer. The `error` listener goes on first: without one,
 *  any failure inside `start()` is rethrown by EventEmitter as an unhandled rejection. */
function attach(client: VoiceClient, dispatch: (event: CallEvent) => void) {
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

/** Stops a call the page is leaving behind, without letting late SDK events escape. */
function dispose(client: VoiceClient) {
  client.removeAllListeners();
  client.on('error', () => {});
  try {
    void Promise.resolve(client.stop()).catch(() => {});
  } catch {
    // Nothing to stop.
  }
}

/**
 * The /demo voice call: awaits the setup the route loader started (`GET /api/config`), loads
 * `@vapi-ai/web` when Start is first pressed, and exposes the call state with start / stop / mute. The SDK instance lives in a ref; the reducer
 * holds everything the page shows.
 */
export function useVoiceCall(setupRequest: Promise<Settled<DemoSetup>>): VoiceCall {
  const [state, dispatch] = useReducer(callReducer, initialCallState);
  const clientRef = useRef<VoiceClient | undefined>(undefined);
  const publicKeyRef = useRef<string | undefined>(undefined);
  const mounted = useRef(true);
  const [receptionists, setReceptionists] = useState<Receptionist[]>([]);

  useEffect(() => {
    let active = true;
    mounted.current = true;
    void (async () => {
      try {
        const settled = await setupRequest;
        if (!active) return;
        if (!settled.ok) throw settled.error;
        const setup = settled.value;
        if (!setup.available) {
          dispatch({ type: 'setup-not-configured', ...(setup.missing ? { missing: setup.missing } : {}) });
          return;
        }
        publicKeyRef.current = setup.publicKey;
        setReceptionists(setup.receptionists);
        dispatch({ type: 'setup-ready', at: now() });
      } catch (error) {
        console.error('Voice demo setup failed', error);
        if (active) dispatch({ type: 'setup-failed' });
      }
    })();
    return () => {
      active = false;
      mounted.current = false;
      if (clientRef.current) dispose(clientRef.current);
      clientRef.current = undefined;
    };
  }, [setupRequest]);

  /** The SDK, imported and wired on the first Start (82 kB gz that a visitor who only looks never loads). */
  const ensureClient = useCallback(async (): Promise<VoiceClient | undefined> => {
    if (clientRef.current) return clientRef.current;
    const publicKey = publicKeyRef.current;
    if (!publicKey) return undefined;
    const VoiceClientClass = await loadVoiceClientClass();
    // The page may have gone while the chunk loaded.
    if (!mounted.current) return undefined;
    if (clientRef.current) return clientRef.current;
    const client = createVoiceClient(VoiceClientClass, publicKey);
    attach(client, dispatch);
    clientRef.current = client;
    return client;
  }, []);

  const start = useCallback(
    async (assistantId?: string) => {
      const id = assistantId ?? receptionists[0]?.assistantId;
      if (!publicKeyRef.current || !id) {
        dispatch({ type: 'not-initialized' });
        return;
      }
      dispatch({ type: 'start-requested' });
      // Ask for the microphone first: a refusal or a missing device gets its own message
      // before anything is sent to Vapi.
      const microphone = await checkMicrophone();
      if (!microphone.ok) {
        dispatch({ type: 'start-threw', message: microphone.message, kind: microphone.kind });
        return;
      }
      try {
        const client = await ensureClient();
        if (!client) return;
        const call = await client.start(id);
        dispatch({ type: 'start-returned', call });
      } catch (error) {
        dispatch({
          type: 'start-threw',
          message: describeVoiceError(error),
          kind: classifyVoiceError(error),
        });
      }
    },
    [receptionists, ensureClient],
  );

  const stop = useCallback(() => {
    const client = clientRef.current;
    if (!client) {
      dispatch({ type: 'not-initialized' });
      return;
    }
    dispatch({ type: 'stop-requested' });
    try {
      void Promise.resolve(client.stop()).catch((error: unknown) =>
        dispatch({ type: 'error', message: describeVoiceError(error), at: now() }),
      );
    } catch (error) {
      dispatch({ type: 'error', message: describeVoiceError(error), at: now() });
    }
  }, []);

  const toggleMute = useCallback(() => {
    const client = clientRef.current;
    if (!client) {
      dispatch({ type: 'not-initialized' });
      return;
    }
    const muted = !state.muted;
    try {
      // Throws 'Call object is not available.' when no call exists.
      client.setMuted(muted);
      dispatch({ type: 'mute-changed', muted });
    } catch (error) {
      dispatch({ type: 'error', message: describeVoiceError(error), at: now() });
    }
  }, [state.muted]);

  return { ...state, receptionists, start, stop, toggleMute };
}
