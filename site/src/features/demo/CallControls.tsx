import type { VoiceCall } from './useVoiceCall.ts';

type Props = Pick<VoiceCall, 'setup' | 'phase' | 'muted' | 'stop' | 'toggleMute'> & { start: () => unknown };

/** Start Conversation before a call; mute and End Call during one. */
export function CallControls({ setup, phase, muted, start, stop, toggleMute }: Props) {
  if (phase === 'live' || phase === 'ending') {
    return (
      <div className="call-controls">
        <button type="button" onClick={toggleMute} aria-pressed={muted} disabled={phase === 'ending'}>
          {muted ? 'Unmute' : 'Mute'}
        </button>
        <button type="button" className="call-end" onClick={stop} disabled={phase === 'ending'}>
          End Call
        </button>
      </div>
    );
  }
  return (
    <div className="call-controls">
      <button
        type="button"
        className="call-start"
        onClick={() => void start()}
        disabled={setup !== 'ready' || phase === 'starting'}
      >
        Start Conversation
      </button>
    </div>
  );
}
