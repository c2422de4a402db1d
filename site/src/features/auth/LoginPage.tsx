import { useReducer, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { afterLogin, isLoginRedirectState, logIn, readLocalSession } from '../../shared/session/index.ts';
import { loginErrorMessage } from './login-error-message.ts';
import { initialLoginState, loginReducer } from './login-state.ts';
import './login.css';

/** /login: 'Access Your Demo' (spec §2, §4, §5, §8). */
export function LoginPage() {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { state: routerState } = useLocation();
  const [searchParams] = useSearchParams();
  const refused = isLoginRedirectState(routerState) ? routerState : undefined;
  // Decided once on arrival: a visitor who is already signed in goes straight to the demo,
  // unless a page just refused their role (they may want to sign in as someone else).
  const [alreadySignedIn] = useState(() => !refused && readLocalSession() !== undefined);

  if (alreadySignedIn) return <Navigate to="/demo" replace />;

  const submitting = state.status === 'submitting' || state.status === 'success';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    dispatch({ type: 'submit' });
    try {
      await logIn(email, password);
      dispatch({ type: 'succeeded' });
      // Back to the page that sent the visitor here (`next`), else the demo.
      await navigate(afterLogin(searchParams.get('next')), { replace: true });
    } catch (error) {
      dispatch({ type: 'failed', message: loginErrorMessage(error) });
    }
  }

  return (
    <main className="login-page">
      <form
        className="login-card"
        onSubmit={(event) => void handleSubmit(event)}
        aria-labelledby="login-title"
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
              dispatch({ type: 'edited' });
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
              dispatch({ type: 'edited' });
            }}
          />
        </label>
        {state.status === 'error' && (
          <p className="login-error" role="alert">
            {state.message}
          </p>
        )}
        <button type="submit" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Login'}
        </button>
        <Link to="/" className="login-back">
          Back to Home
        </Link>
      </form>
    </main>
  );
}
