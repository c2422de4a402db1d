import { useState, type SubmitEvent, type ReactNode } from 'react';
import { ApiError } from '../api/index.ts';
import type { SessionUser } from '../../../contract/api-types.ts';
import { NewPasswordField } from './NewPasswordField.tsx';
import type { PasswordContext } from './password-strength.ts';
import './set-password-form.css';

interface SetPasswordFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Sends the new password (and the current one, with `askCurrent`); throws the server's refusal. */
  save(newPassword: string, currentPassword: string): Promise<SessionUser>;
  onSaved(user: SessionUser): void;
  /** A signed-in change: the current password is asked for first. */
  askCurrent?: boolean;
  /** Ask for the new password a second time (the signed-in forms; a link's page has Show instead). */
  confirm?: boolean;
  /** Said (and the fields emptied) after a save that keeps the form on screen. */
  savedMessage?: string;
  context?: PasswordContext;
  /** Shown after a refusal, under its message (e.g. where to ask for a new link). */
  refusalHelp?(error: ApiError): ReactNode;
  autoFocus?: boolean;
}

const MISMATCH = 'The two new passwords differ. Type the same new password twice.';

/**
 * The one set-password form (a mailed link's page, the first-run screen, "Change password"):
 * a new-password field with its Show button and strength meter, and one alert for a refusal.
 * The server is the judge: its message is shown as is.
 */
export function SetPasswordForm({
  label,
  submitLabel,
  save,
  onSaved,
  askCurrent,
  confirm,
  savedMessage,
  context,
  refusalHelp,
  autoFocus,
}: SetPasswordFormProps) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; help?: ReactNode }>();
  const edited = () => {
    setRefusal(undefined);
    setSaved(false);
  };

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // One request at a time: a link is used up by the first that succeeds.
    if (saving) return;
    if (confirm && password !== again) {
      setRefusal({ message: MISMATCH });
      return;
    }
    setSaving(true);
    edited();
    try {
      const user = await save(password, current);
      if (savedMessage) {
        setSaved(true);
        setCurrent('');
        setPassword('');
        setAgain('');
      }
      setSaving(false);
      onSaved(user);
    } catch (failure) {
      const fromServer = failure instanceof ApiError && failure.fromServer;
      setRefusal({
        message: fromServer ? failure.message : `Could not set the password: ${(failure as Error).message}`,
        help: failure instanceof ApiError ? refusalHelp?.(failure) : undefined,
      });
      setSaving(false);
    }
  }

  return (
    <form className="set-password-form" aria-label={label} onSubmit={(e) => void handleSubmit(e)}>
      {askCurrent && (
        <label className="set-password-form__field">
          Current password
          <input
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={current}
            disabled={saving}
            autoFocus={autoFocus}
            onChange={(event) => {
              setCurrent(event.target.value);
              edited();
            }}
          />
        </label>
      )}
      <NewPasswordField
        value={password}
        onChange={(value) => {
          setPassword(value);
          edited();
        }}
        disabled={saving}
        context={context}
        autoFocus={autoFocus && !askCurrent}
      />
      {confirm && (
        <label className="set-password-form__field">
          New password again
          <input
            type="password"
            name="newPasswordAgain"
            autoComplete="new-password"
            required
            value={again}
            disabled={saving}
            onChange={(event) => {
              setAgain(event.target.value);
              edited();
            }}
          />
        </label>
      )}
      <div role="alert" className="set-password-form__status">
        {refusal && (
          <>
            <p className="set-password-form__error">{refusal.message}</p>
            {refusal.help}
          </>
        )}
      </div>
      {saved && savedMessage && <p role="status">{savedMessage}</p>}
      <button type="submit" disabled={saving}>
        {saving ? 'Saving...' : submitLabel}
      </button>
    </form>
  );
}
