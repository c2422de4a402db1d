import type { SessionUser } from '../../shared/session/index.ts';
import type { ClientRecord } from './clients-api.ts';

interface Props {
  clients: ClientRecord[] | undefined;
  loading: boolean;
  currentUser: SessionUser;
  onDelete(id: string): void;
}

/** The signed-in admin never gets a delete button for their own account. */
const isOwnAccount = (client: ClientRecord, user: SessionUser) =>
  client.id === user.id || client.email.toLowerCase() === user.email.toLowerCase();

export function ClientList({ clients, loading, currentUser, onDelete }: Props) {
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
          {isOwnAccount(client, currentUser) ? (
            <span className="client-self">You</span>
          ) : (
            <button
              type="button"
              className="client-delete"
              aria-label={`Delete ${client.name || client.email}`}
              onClick={() => onDelete(client.id)}
            >
              Delete
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
