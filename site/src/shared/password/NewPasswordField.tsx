import { useId, useState } from 'react';
import { MIN_PASSWORD_LENGTH, passwordStrength, type PasswordContext } from './password-strength.ts';
import './new-password.css';

interface NewPasswordFieldProps {
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  /** The account's email and name: a password built from them is rated weak, as the server does. */
  context?: PasswordContext;
  autoFocus?: boolean;
}

/**
 * The new-password input of every set-password form: a Show/Hide button (its text is its
 * name) instead of typing it twice, and a strength meter running the server's rules.
 */
export function NewPasswordField({ value, onChange, disabled, context, autoFocus }: NewPasswordFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const strength = passwordStrength(value, context);
  return (
    <div className="new-password">
      <label htmlFor={`${id}-input`}>New password</label>
      <div className="new-password__row">
        <input
          id={`${id}-input`}
          type={shown ? 'text' : 'password'}
          name="newPassword"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          // Spell checkers and phones must not learn a password shown in clear.
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          aria-describedby={`${id}-hint ${id}-strength`}
          value={value}
          disabled={disabled}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="new-password__toggle"
          aria-controls={`${id}-input`}
          disabled={disabled}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide password' : 'Show password'}
        </button>
      </div>
      <p id={`${id}-hint`} className="new-password__hint">
        At least {MIN_PASSWORD_LENGTH} characters; a few unrelated words work well. Common passwords and ones
        built from your email or name are refused.
      </p>
      <div className={`new-password__meter new-password__meter--${strength.level}`} aria-hidden="true">
        <span />
      </div>
      <p id={`${id}-strength`} className="new-password__strength" aria-live="polite">
        {`Strength: ${strength.label}${strength.problem ? ` — ${strength.problem}` : ''}`}
      </p>
    </div>
  );
}
