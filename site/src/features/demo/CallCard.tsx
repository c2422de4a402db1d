import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { CARD_STATE_LABELS, CONSENT_LINE, PREVIEW_BADGE } from '../../content/demo.ts';
import { callSummary, cardState } from './call-state.ts';
import { CallControls } from './CallControls.tsx';
import type { VoiceCall } from './useVoiceCall.ts';
import { VolumeBar } from './VolumeBar.tsx';

// Shown only once a call runs or has ended, so /demo before Start does not ship them.
const CallTimer = lazy(() => import('./CallTimer.tsx').then((m) => ({ default: m.CallTimer })));
const CallSummary = lazy(() => import('./CallSummary.tsx'));

const FAILURE_TITLES = {
  'mic-denied': 'Microphone blocked',
  'no-mic': 'No microphone',
  network: 'Network problem',
  other: 'The call could not continue',
} as const;

/**
 * The call: its state (ready, connecting, live with a timer, ending, ended, failed), the
 * assistant's level, one status line (with what went wrong and a retry, when it did), the
 * controls, the recording notice before a call, and a summary afterwards.
 */
export function CallCard({ call, onStart }: { call: VoiceCall; onStart: () => void }) {
  const state = cardState(call);
  const summary = callSummary(call);
  const failure = state === 'failed' ? call.failure : undefined;
  return (
    <section className={`call-card call-card--${state}`} aria-labelledby="call-card-state">
      <div className="call-card-head">
        <h2 id="call-card-state" className="call-card-state" data-state={state}>
          {CARD_STATE_LABELS[state]}
        </h2>
        {call.mode === 'preview' && <span className="preview-badge">{PREVIEW_BADGE}</span>}
        {state === 'live' && call.liveSince && (
          <Suspense fallback={null}>
            <CallTimer since={call.liveSince} />
          </Suspense>
        )}
      </div>
      <VolumeBar volume={call.volume} />
      {/* The one place the call's status is said; the transcript keeps its own log. */}
      <div className={failure ? 'call-status call-status--failed' : 'call-status'}>
        {failure && <strong className="call-failure-title">{FAILURE_TITLES[failure.kind]}</strong>}
        <p className="demo-status" role="status">
          {call.status}
        </p>
        {failure && (
          <button type="button" className="call-retry" onClick={onStart}>
            Try again
          </button>
        )}
      </div>
      {summary && (
        <Suspense fallback={null}>
          <CallSummary summary={summary} />
        </Suspense>
      )}
      <CallControls
        setup={call.setup}
        phase={call.phase}
        muted={call.muted}
        start={onStart}
        stop={call.stop}
        toggleMute={call.toggleMute}
      />
      {call.phase === 'idle' && (
        <p className="call-consent">
          {CONSENT_LINE} <Link to="/privacy">Privacy policy</Link>
        </p>
      )}
    </section>
  );
}
