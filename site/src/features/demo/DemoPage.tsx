import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChangePasswordForm, logOut, useSessionUser } from '../../shared/session/index.ts';
import { CallControls } from './CallControls.tsx';
import { Transcript } from './Transcript.tsx';
import { useVoiceCall } from './useVoiceCall.ts';
import { VolumeBar } from './VolumeBar.tsx';
import './demo.css';

/** /demo: the live voice demo for a signed-in visitor (spec §2, §4, §8). */
export function DemoPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const call = useVoiceCall();
  const [loggingOut, setLoggingOut] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  async function handleLogout() {
    setLoggingOut(true);
    if (call.phase === 'live') call.stop();
    try {
      await logOut();
    } catch (error) {
      // The local session is gone either way; the cookie expires on its own.
      console.error('Logout request failed', error);
    }
    await navigate('/login', { replace: true });
  }

  return (
    <main className="demo-page">
      <header className="demo-header">
        <div className="demo-title">
          <h1>Welcome, {user.name}!</h1>
          {call.phase === 'live' && <span className="live-badge">Live</span>}
        </div>
        <nav className="demo-nav" aria-label="Demo">
          <Link to="/">Home</Link>
          {user.role === 'Admin' && <Link to="/admin">Client Management</Link>}
          <button
            type="button"
            aria-expanded={changingPassword}
            onClick={() => setChangingPassword((open) => !open)}
          >
            Change password
          </button>
          <button type="button" onClick={() => void handleLogout()} disabled={loggingOut}>
            Logout
          </button>
        </nav>
      </header>

      {changingPassword && (
        <section className="demo-account" aria-label="Your password">
          <ChangePasswordForm onChanged={() => {}} />
        </section>
      )}

      {call.setup === 'not-configured' && (
        <p className="demo-notice" role="alert">
          The voice demo is not configured: the server has no Vapi public key or demo assistant id. Ask the
          site administrator to set VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID, then reload this page.
        </p>
      )}

      <section className="demo-call" aria-label="Voice call">
        <Transcript messages={call.messages} partial={call.partial} />
        <p className="demo-status" role="status">
          {call.status}
        </p>
        <VolumeBar volume={call.volume} />
        <CallControls
          setup={call.setup}
          phase={call.phase}
          muted={call.muted}
          start={call.start}
          stop={call.stop}
          toggleMute={call.toggleMute}
        />
      </section>
    </main>
  );
}
