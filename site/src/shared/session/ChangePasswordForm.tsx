import { SetPasswordForm } from '../password/index.ts';
import { changePassword } from './session-api.ts';
import type { SessionUser } from './session-user.ts';
import './change-password.css';

/**
 * "Change password" for a signed-in user (the first-run screen and /demo): the one
 * set-password form, asking for the current password and the new one twice.
 */
export function ChangePasswordForm({
  onChanged,
  user,
}: {
  onChanged(user: SessionUser): void;
  /** Whose password: a new one built from their email or name is rated weak. */
  user?: Pick<SessionUser, 'email' | 'name'>;
}) {
  return (
    <div className="change-password">
      <SetPasswordForm
        label="Change password"
        submitLabel="Change password"
        askCurrent
        confirm
        savedMessage="Password changed. Other browsers signed in as you were signed out."
        context={user ? { email: user.email, name: user.name } : undefined}
        save={(next, current) => changePassword(current, next)}
        onSaved={onChanged}
      />
    </div>
  );
}
