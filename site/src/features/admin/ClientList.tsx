import { useState, type FormEvent } from 'react';
import type { SessionUser } from '../../shared/session/index.ts';
import type { ClientRecord } from './clients-api.ts';

interface Props {
  clients: ClientRecord[] | undefined;
  loading: boolean;
  currentUser: SessionUser;
  onDelete(id: string): void;
  /** Resolves true when the password was stored (the form then closes). */
  onSetPassword(id: string, password: string): Promise<boolean>;
}

/** An Admin's "set new password" for one client (12+ characters; the server checks the rest). */
function SetPasswordForm({
  client,
  onSet,
}: {
  client: ClientRecord;
  onSet(password: string): Promise<boolean>;
}) {
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const stored = await onSet(password);
    setSaving(false);
    if (stored) setPassword('');
  }
  return (
    <form
      className="set-password-form"
      aria-label={`New password for ${client.name || client.email}`}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <label>
        New password
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={12}
          value={password}
          disabled={saving}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save password'}
      </button>
    </form>
  );
}

/** The signed-in admin never gets a delete button for their own account. */
const isOwnAccount = (client: ClientRecord, user: SessionUser) =>
  client.id === user.id || client.email.toLowerCase() === user.email.toLowerCase();

export function ClientList({ clients, loading, currentUser, onDelete, onSetPassword }: Props) {
  const [editing, setEditing] = useState<string | undefined>(undefined);
  if (loading && !clients) return <p role="status">Loading clients...</p>;
  if (!clients) return null;
  if (clients.length === 0) return <p className="admin-empty">No clients found</p>;
  return (
    <ul className="client-list" aria-label="Clients" aria-busy={loading}>
      {clients.map((client) => (
        <li key={client.id} className="client-row">
          <div>
            <span className="client-name">{client.name}</span>
            <span className="client-email">{client.email}</span>
          </div>
          <span className={`client-role client-role-${client.role.toLowerCase()}`}>
            <span className="visually-hidden">Role: </span>
            {client.role}
          </span>
          {isOwnAccount(client, currentUser) ? (
            <span className="client-self">You</span>
          ) : (
            <div className="client-actions">
              {client.role !== 'Admin' && (
                <button
                  type="button"
                  className="client-set-password"
                  aria-expanded={editing === client.id}
                  aria-label={`Set a new password for ${client.name || client.email}`}
                  onClick={() => setEditing((id) => (id === client.id ? undefined : client.id))}
                >
                  Set password
                </button>
              )}
              <button
                type="button"
                className="client-delete"
                aria-label={`Delete ${client.name || client.email}`}
                onClick={() => onDelete(client.id)}
              >
                Delete
              </button>
            </div>
          )}
          {editing === client.id && (
            <SetPasswordForm
              client={client}
              onSet={async (password) => {
                const stored = await onSetPassword(client.id, password);
                if (stored) setEditing(undefined);
                return stored;
              }}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
