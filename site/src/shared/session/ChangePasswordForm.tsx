import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/index.ts';
import { changePassword } from './session-api.ts';
import type { SessionUser } from './session-user.ts';
import './change-password.css';

/** The server's rule, repeated here only to say it before the first attempt. */
const MIN_LENGTH = 12;

/**
 * Current password, new password twice. The server decides (length, common passwords) and its
 * message is shown as is; a mismatch of the two new fields is caught here.
 */
export function ChangePasswordForm({ onChanged }: { onChanged(user: SessionUser): void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next !== again) {
      setError('The two new passwords differ. Type the same new password twice.');
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const user = await changePassword(current, next);
      setDone(true);
      setCurrent('');
      setNext('');
      setAgain('');
      onChanged(user);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.fromServer
          ? failure.message
          : `Could not change the password: ${(failure as Error).message}`,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="change-password-form"
      aria-label="Change password"
      onSubmit={(e) => void handleSubmit(e)}
    >
      <label>
        Current password
        <input
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={current}
          disabled={saving}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <label>
        New password
        <input
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          minLength={MIN_LENGTH}
          aria-describedby="new-password-hint"
          value={next}
          disabled={saving}
          onChange={(e) => setNext(e.target.value)}
        />
      </label>
      <p id="new-password-hint" className="form-hint">
        At least {MIN_LENGTH} characters; common passwords are refused.
      </p>
      <label>
        New password again
        <input
          type="password"
          name="newPasswordAgain"
          autoComplete="new-password"
          required
          value={again}
          disabled={saving}
          onChange={(e) => setAgain(e.target.value)}
        />
      </label>
      {error && <p role="alert">{error}</p>}
      {done && !error && (
        <p role="status">Password changed. Other browsers signed in as you were signed out.</p>
      )}
      <button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}
