import { useClientChange } from './useClientChange.ts';

/**
 * Name, email and password, all required (spec §5); the role is fixed to Client and the
 * server enforces it. Submitted to the route action (`intent=add`); the inputs are the
 * browser's own, so a refused add keeps what was typed.
 */
export function AddClientForm() {
  const { Form, busy, pending, onSubmit } = useClientChange();
  const adding = pending('add');
  return (
    <Form
      method="post"
      className="add-client-form"
      aria-label="New client"
      onSubmit={(event) => onSubmit(event)}
    >
      <input type="hidden" name="intent" value="add" />
      <label>
        Name
        <input type="text" name="name" autoComplete="off" required readOnly={adding} />
      </label>
      <label>
        Email
        <input type="email" name="email" autoComplete="off" required readOnly={adding} />
      </label>
      <label>
        Password
        <input type="password" name="password" autoComplete="new-password" required readOnly={adding} />
      </label>
      <label>
        Role
        <input type="text" value="Client" readOnly disabled />
      </label>
      <button type="submit" disabled={busy}>
        {adding ? 'Adding...' : 'Add Client'}
      </button>
    </Form>
  );
}
