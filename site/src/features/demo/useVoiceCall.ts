import { useCallback, useEffect, useReducer, useRef } from 'react';
import { callReducer, initialCallState, type CallState } from './call-state.ts';
import type * as CallEngineModule from './call-engine.ts';
import type { Settled } from '../../shared/settle.ts';
import type { ReceptionistId } from '../../content/demo.ts';
import type { DemoSetup, Receptionist } from './demo-config.ts';
import type { VoiceClient } from './voice-client.ts';

export interface VoiceCall extends CallState {
  /** The receptionists this server offers (empty until set up). */
  receptionists: Receptionist[];
  /** `live` through Vapi, or `preview`: the sample call plays (no Vapi keys on the server). */
  mode?: DemoSetup['mode'];
  /** Preview only, Admin sessions only: the settings that would make the demo live. */
  missing?: string[];
  /** Starts a call with this receptionist (default: the first). */
  start(receptionist?: ReceptionistId): Promise<void>;
  stop(): void;
  toggleMute(): void;
}

const now = () => new Date().toISOString();

type CallEngine = typeof CallEngineModule;
/** Said when the call's code cannot be loaded (offline, or a new version replaced it). */
export const ENGINE_LOAD_FAILED = 'The call could not be loaded. Check your connection and reload the page.';

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

/** The call state the page first renders: set up already (the loader awaited it), or failed. */
const stateAfterSetup = (settled: Settled<DemoSetup>): CallState =>
  callReducer(initialCallState, settled.ok ? { type: 'setup-ready', at: now() } : { type: 'setup-failed' });

const NO_RECEPTIONISTS: Receptionist[] = [];

/**
 * The /demo voice call: starts from the setup the route loader fetched (`GET /api/config`),
 * so the first render already shows the receptionists and the mode (nothing moves when it
 * arrives), loads `@vapi-ai/web` when Start is first pressed, and exposes the call state with
 * start / stop / mute. The SDK instance lives in a ref; the reducer holds everything the page shows.
 */
export function useVoiceCall(settled: Settled<DemoSetup>): VoiceCall {
  const [state, dispatch] = useReducer(callReducer, settled, stateAfterSetup);
  const clientRef = useRef<VoiceClient | undefined>(undefined);
  /** The call engine (call-engine.ts), imported on the first Start. */
  const engineRef = useRef<CallEngine | undefined>(undefined);
  // Stop and mute act on a client, so the engine that made it is loaded.
  const describe = (error: unknown) => engineRef.current?.describeVoiceError(error) ?? String(error);
  const setup = settled.ok ? settled.value : undefined;
  const mounted = useRef(true);
  /** The running preview's signed attribution: its report is sent when it ends. */
  const previewAttribution = useRef<string | undefined>(undefined);
  const receptionists = setup?.receptionists ?? NO_RECEPTIONISTS;
  const mode = setup?.mode;
  const missing = setup?.mode === 'preview' ? setup.missing : undefined;

  useEffect(() => {
    if (!settled.ok) console.error('Voice demo setup failed', settled.error);
  }, [settled]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (clientRef.current) dispose(clientRef.current);
      clientRef.current = undefined;
    };
  }, []);

  /**
   * The engine, imported and wired on the first Start: the Vapi SDK (82 kB gz) or the preview
   * player, so a visitor who only looks loads neither.
   */
  const ensureClient = useCallback(
    async (engine: CallEngine, setup: DemoSetup): Promise<VoiceClient | undefined> => {
      if (clientRef.current) return clientRef.current;
      const made = await engine.makeVoiceClient(setup);
      // The page may have gone while the chunk loaded.
      if (!mounted.current) return undefined;
      if (clientRef.current) return clientRef.current;
      const client = made;
      engine.attach(client, dispatch);
      clientRef.current = client;
      return client;
    },
    [],
  );

  const start = useCallback(
    async (receptionistId?: ReceptionistId) => {
      const receptionist = receptionists.find((r) => r.id === receptionistId) ?? receptionists[0];
      // Live calls go to the receptionist's assistant; the preview plays its sample call.
      const id = setup?.mode === 'live' ? receptionist?.assistantId : receptionist?.id;
      if (!setup || !id) {
        dispatch({ type: 'not-initialized' });
        return;
      }
      dispatch({ type: 'start-requested' });
      let engine: CallEngine;
      try {
        engine = engineRef.current ??= await import('./call-engine.ts');
      } catch {
        dispatch({ type: 'start-threw', message: ENGINE_LOAD_FAILED, kind: 'network' });
        return;
      }
      // Ask for the microphone first: a refusal or a missing device gets its own message
      // before anything is sent to Vapi. The preview listens to nobody, so it needs none.
      const microphone = setup.mode === 'live' ? await engine.checkMicrophone() : ({ ok: true } as const);
      if (!microphone.ok) {
        dispatch({ type: 'start-threw', message: microphone.message, kind: microphone.kind });
        return;
      }
      try {
        // The server counts the call (daily cap) and signs who makes it, before anything starts.
        const grant = await engine.requestCallStart(receptionist!.id, setup.mode === 'preview');
        const client = await ensureClient(engine, setup);
        if (!client) return;
        previewAttribution.current = setup.mode === 'preview' ? grant.attribution : undefined;
        const call = await client.start(id, {
          metadata: grant.metadata,
          maxDurationSeconds: grant.maxDurationSeconds,
        });
        dispatch({ type: 'start-returned', call });
      } catch (error) {
        dispatch({
          type: 'start-threw',
          message: engine.describeVoiceError(error),
          kind: engine.classifyVoiceError(error),
        });
      }
    },
    [setup, receptionists, ensureClient],
  );

  // A finished preview is recorded too (marked as a preview), for the owner's admin screen.
  const { lastCall, messages } = state;
  useEffect(() => {
    const attribution = previewAttribution.current;
    if (!lastCall || !attribution) return;
    previewAttribution.current = undefined;
    const own = messages.filter((m) => m.id > lastCall.firstMessageId);
    const seconds = Math.max(0, (Date.parse(lastCall.endedAt) - Date.parse(lastCall.startedAt)) / 1000);
    const engine = engineRef.current;
    if (!engine) return;
    engine
      .reportPreviewCall(attribution, seconds, engine.transcriptText(own))
      .catch((error: unknown) => console.warn('The preview call could not be recorded', error));
  }, [lastCall, messages]);

  const stop = useCallback(() => {
    const client = clientRef.current;
    if (!client) {
      dispatch({ type: 'not-initialized' });
      return;
    }
    dispatch({ type: 'stop-requested' });
    try {
      void Promise.resolve(client.stop()).catch((error: unknown) =>
        dispatch({ type: 'error', message: describe(error), at: now() }),
      );
    } catch (error) {
      dispatch({ type: 'error', message: describe(error), at: now() });
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
      dispatch({ type: 'error', message: describe(error), at: now() });
    }
  }, [state.muted]);

  return {
    ...state,
    ...(missing ? { missing } : {}),
    ...(mode ? { mode } : {}),
    receptionists,
    start,
    stop,
    toggleMute,
  };
}
