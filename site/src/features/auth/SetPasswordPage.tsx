import { Link, useLocation, useNavigate } from 'react-router';
import { AppShell } from '../../shared/layout/AppShell.tsx';
import { SetPasswordForm } from '../../shared/password/index.ts';
import { setPasswordFromLink } from '../../shared/session/index.ts';
import { linkToken } from './set-password-link.ts';
import './login.css';

/**
 * /set-password#token=…: the one page every mailed link (invitation, reset) opens. Setting
 * the password uses the link up and signs the user in; Admins land on /admin, Clients on /demo.
 */
export function SetPasswordPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = linkToken(hash);

  if (!token) {
    return (
      <AppShell className="login-page">
        <section className="login-card" aria-labelledby="set-password-title">
          <h1 id="set-password-title">This link is incomplete</h1>
          <p>
            The address has no token: open the whole link from the email (some mail programs break long
            links), or ask for a new one under “Forgot password” on the login page.
          </p>
          <Link to="/login">Go to the login page</Link>
        </section>
      </AppShell>
    );
  }

  return (
    <AppShell className="login-page">
      <section className="login-card" aria-labelledby="set-password-title">
        <h1 id="set-password-title">Choose your password</h1>
        <p>Choose the password you will log in with. This link works once.</p>
        <SetPasswordForm
          label="Choose your password"
          submitLabel="Set password and log in"
          autoFocus
          save={(password) => setPasswordFromLink(token, password)}
          onSaved={(user) => void navigate(user.role === 'Admin' ? '/admin' : '/demo', { replace: true })}
          refusalHelp={(error) =>
            (error.body as { field?: unknown } | undefined)?.field === 'token' ? (
              <Link to="/login">Ask for a new link on the login page</Link>
            ) : undefined
          }
        />
      </section>
    </AppShell>
  );
}
