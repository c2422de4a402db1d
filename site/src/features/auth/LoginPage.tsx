import { AppShell } from '../../shared/layout/AppShell.tsx';
import { PrivacyNote } from '../../shared/ui/PrivacyNote.tsx';
import { useState } from 'react';
import { Form, Link, Navigate, useActionData, useLocation, useNavigation } from 'react-router';
import { isLoginRedirectState, readLocalSession } from '../../shared/session/index.ts';
import { AccessHelp } from './AccessHelp.tsx';
import type { LoginRefused } from './login-action.ts';
import './login.css';

/** /login: 'Access Your Demo' (spec §2, §4, §5, §8). */
export function LoginPage() {
  const refusal = useActionData<LoginRefused>();
  const navigation = useNavigation();
  // Editing a field clears the message of the refusal it was about (spec §4); the next one shows.
  const [dismissed, setDismissed] = useState<LoginRefused>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const routerState: unknown = useLocation().state;
  const refused = isLoginRedirectState(routerState) ? routerState : undefined;
  // Decided once on arrival: a visitor who is already signed in goes straight to the demo,
  // unless a page just refused their role (they may want to sign in as someone else).
  const [alreadySignedIn] = useState(() => !refused && readLocalSession() !== undefined);

  if (alreadySignedIn) return <Navigate to="/demo" replace />;

  // Submitting, and after success while the next page loads (spec §4: the form stays disabled).
  const submitting = navigation.formMethod !== undefined;
  const message = refusal !== dismissed ? refusal?.error : undefined;
  const edited = () => setDismissed(refusal);

  return (
    <AppShell className="login-page">
      <Form
        method="post"
        replace
        className="login-card"
        aria-labelledby="login-title"
        onSubmit={(event) => {
          // One login at a time: a second submit would cancel the first only in the browser.
          if (submitting) event.preventDefault();
        }}
      >
        <h1 id="login-title">Access Your Demo</h1>
        {refused && (
          <p className="login-note" role="status">
            That page ({refused.from}) is for {refused.requiredRole} accounts only. Log in with an{' '}
            {refused.requiredRole} account to open it.
          </p>
        )}
        <label>
          Email
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            // The page exists to sign in: the cursor waits in the first field.
            autoFocus
            value={email}
            disabled={submitting}
            onChange={(event) => {
              setEmail(event.target.value);
              edited();
            }}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            disabled={submitting}
            onChange={(event) => {
              setPassword(event.target.value);
              edited();
            }}
          />
        </label>
        {message && (
          <p className="login-error" role="alert">
            {message}
          </p>
        )}
        <button type="submit" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Login'}
        </button>
        <Link to="/" className="login-back">
          Back to Home
        </Link>
        <PrivacyNote />
      </Form>
      <AccessHelp />
    </AppShell>
  );
}
