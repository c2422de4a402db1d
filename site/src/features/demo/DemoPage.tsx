import { AppShell } from '../../shared/layout/AppShell.tsx';
import { useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import {
  ChangePasswordForm,
  isRoleRedirectState,
  logOut,
  useSessionUser,
} from '../../shared/session/index.ts';
import type { ReceptionistId } from '../../content/demo.ts';
import { CallCard } from './CallCard.tsx';
import { ReceptionistPicker } from './ReceptionistPicker.tsx';
import { Transcript } from './Transcript.tsx';
import type { DemoData } from './demo-loader.ts';
import { useVoiceCall } from './useVoiceCall.ts';
import './demo.css';

/** /demo: the live voice demo for a signed-in visitor (spec §2, §4, §8). */
export function DemoPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const routerState: unknown = useLocation().state;
  const notice = isRoleRedirectState(routerState) ? routerState.notice : undefined;
  // The notice comes with the loader's data: only a server without Vapi keys shows it, so the
  // live demo never loads its chunk.
  const { setup, PreviewNotice } = useLoaderData<DemoData>();
  if (!setup) throw new Error('<DemoPage> needs demoLoader() as its route loader');
  const call = useVoiceCall(setup);
  const [loggingOut, setLoggingOut] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [picked, setPicked] = useState<ReceptionistId>();
  const receptionist = call.receptionists.find((r) => r.id === picked) ?? call.receptionists[0];
  const inCall = call.phase !== 'idle';

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
    <AppShell
      className="demo-page"
      navLabel="Demo"
      nav={
        <>
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
        </>
      }
    >
      <div className="demo-header">
        <div className="demo-title">
          <h1>Welcome, {user.name}!</h1>
          {call.phase === 'live' && <span className="live-badge">Live</span>}
        </div>
      </div>

      {notice && (
        <p className="demo-notice" role="status">
          {notice}
        </p>
      )}

      {changingPassword && (
        <section className="demo-account" aria-label="Your password">
          <ChangePasswordForm user={user} onChanged={() => {}} />
        </section>
      )}

      {call.mode === 'preview' && PreviewNotice && <PreviewNotice missing={call.missing} />}
      <ReceptionistPicker
        receptionists={call.receptionists}
        selected={receptionist?.id}
        onSelect={setPicked}
        disabled={inCall}
      />
      <section
        className="demo-call"
        aria-label={call.mode === 'preview' ? 'Voice call (preview)' : 'Voice call'}
      >
        <CallCard call={call} onStart={() => void call.start(receptionist?.id)} />
        <Transcript messages={call.messages} partial={call.partial} />
      </section>
    </AppShell>
  );
}
