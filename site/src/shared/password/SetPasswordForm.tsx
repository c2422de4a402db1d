import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../api/index.ts';
import type { SessionUser } from '../api-types.ts';
import { NewPasswordField } from './NewPasswordField.tsx';
import type { PasswordContext } from './password-strength.ts';
import './set-password-form.css';

interface SetPasswordFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Sends the new password; throws an `ApiError` with the server's refusal. */
  save(newPassword: string): Promise<SessionUser>;
  onSaved(user: SessionUser): void;
  context?: PasswordContext;
  /** Shown after a refusal, under its message (e.g. where to ask for a new link). */
  refusalHelp?(error: ApiError): ReactNode;
  autoFocus?: boolean;
}

/**
 * The set-password form: one new-password field with its Show button and strength meter, one
 * status surface for the server's answer. The server is the judge: its message is shown as is.
 */
export function SetPasswordForm({
  label,
  submitLabel,
  save,
  onSaved,
  context,
  refusalHelp,
  autoFocus,
}: SetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; help?: ReactNode }>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One request at a time: a link is used up by the first that succeeds.
    if (saving) return;
    setSaving(true);
    setRefusal(undefined);
    try {
      const user = await save(password);
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
      <NewPasswordField
        value={password}
        onChange={(value) => {
          setPassword(value);
          setRefusal(undefined);
        }}
        disabled={saving}
        context={context}
        autoFocus={autoFocus}
      />
      <div role="alert" className="set-password-form__status">
        {refusal && (
          <>
            <p className="set-password-form__error">{refusal.message}</p>
            {refusal.help}
          </>
        )}
      </div>
      <button type="submit" disabled={saving}>
        {saving ? 'Saving...' : submitLabel}
      </button>
    </form>
  );
}
