import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { HelpAnswer } from './login-action.ts';

/**
 * Under the login form: a way in for people without a login (a sample call, a request for
 * access) and a reset link for people who forgot their password. Each small form posts to the
 * /login route action with its own `intent`.
 */
export function AccessHelp() {
  const [open, setOpen] = useState<'access' | 'reset'>();
  return (
    <div className="login-help">
      <p>
        No login yet? <Link to="/#sample-call">Hear a sample call</Link> ·{' '}
        <button
          type="button"
          className="login-link"
          aria-expanded={open === 'access'}
          onClick={() => setOpen(open === 'access' ? undefined : 'access')}
        >
          Request demo access
        </button>
      </p>
      {open === 'access' && <HelpForm intent="access-request" />}
      <p>
        <button
          type="button"
          className="login-link"
          aria-expanded={open === 'reset'}
          onClick={() => setOpen(open === 'reset' ? undefined : 'reset')}
        >
          Forgot password
        </button>
      </p>
      {open === 'reset' && <HelpForm intent="password-reset" />}
    </div>
  );
}

const SENT = {
  'access-request':
    'Thank you — we have your request. We will email you a link to sign in once access is ready.',
  'password-reset':
    'If an account has that address, a link to choose a new password is on its way. It works once, for 72 hours.',
} as const;

function HelpForm({ intent }: { intent: keyof typeof SENT }) {
  const fetcher = useFetcher<HelpAnswer>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  if (answer?.sent === intent) {
    return (
      <p className="login-note" role="status">
        {SENT[intent]}
      </p>
    );
  }
  const label = intent === 'access-request' ? 'Request demo access' : 'Reset password';
  return (
    <fetcher.Form method="post" className="login-help-form" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {intent === 'access-request' && (
        <label>
          Name
          <input name="name" autoComplete="name" required maxLength={200} disabled={busy} />
        </label>
      )}
      <label>
        Email
        <input type="email" name="email" autoComplete="email" required maxLength={254} disabled={busy} />
      </label>
      {answer?.error && (
        <p className="login-error" role="alert">
          {answer.error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Sending...' : intent === 'access-request' ? 'Send request' : 'Send reset link'}
      </button>
    </fetcher.Form>
  );
}
