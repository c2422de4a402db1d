import { useState } from 'react';
import type { SessionUser } from '../../../shared/session/index.ts';
import { DELETE_CONFIRMATION } from './client-messages.ts';
import type { ClientRecord } from './clients-api.ts';
import { useClientChange } from './useClientChange.ts';

interface Props {
  clients: ClientRecord[] | undefined;
  loading: boolean;
  currentUser: SessionUser;
}

const label = (client: ClientRecord) => client.name || client.email;

/** An Admin's "set new password" for one client (12+ characters; the server checks the rest). */
function SetPasswordForm({ client }: { client: ClientRecord }) {
  const { Form, busy, pending, onSubmit } = useClientChange();
  const saving = pending('set-password', client.id);
  return (
    <Form
      method="post"
      className="set-password-form"
      aria-label={`New password for ${label(client)}`}
      onSubmit={(event) => onSubmit(event)}
    >
      <input type="hidden" name="intent" value="set-password" />
      <input type="hidden" name="id" value={client.id} />
      <label>
        New password
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={12}
          readOnly={saving}
        />
      </label>
      <button type="submit" disabled={busy}>
        {saving ? 'Saving...' : 'Save password'}
      </button>
    </Form>
  );
}

/** Asks the browser's confirmation (spec §4), then deletes through the route action. */
function DeleteButton({ client }: { client: ClientRecord }) {
  const { Form, busy, pending, onSubmit } = useClientChange();
  return (
    <Form
      method="post"
      className="client-delete-form"
      onSubmit={(event) => onSubmit(event, () => window.confirm(DELETE_CONFIRMATION))}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={client.id} />
      <button type="submit" className="client-delete" aria-label={`Delete ${label(client)}`} disabled={busy}>
        {pending('delete', client.id) ? 'Deleting...' : 'Delete'}
      </button>
    </Form>
  );
}

/** The signed-in admin never gets a delete button for their own account. */
const isOwnAccount = (client: ClientRecord, user: SessionUser) =>
  client.id === user.id || client.email.toLowerCase() === user.email.toLowerCase();

export function ClientList({ clients, loading, currentUser }: Props) {
  const [editing, setEditing] = useState<string | undefined>(undefined);
  // A stored password closes its form (adjusted while rendering: the answer is new data).
  const { result } = useClientChange();
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    if (result?.ok && result.intent === 'set-password' && result.id === editing) setEditing(undefined);
  }

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
                  aria-label={`Set password for ${label(client)}`}
                  onClick={() => setEditing((id) => (id === client.id ? undefined : client.id))}
                >
                  Set password
                </button>
              )}
              <DeleteButton client={client} />
            </div>
          )}
          {editing === client.id && <SetPasswordForm client={client} />}
        </li>
      ))}
    </ul>
  );
}
