import { useState, type FormEvent } from 'react';
import type { NewClient } from './clients-api.ts';

const emptyForm: NewClient = { name: '', email: '', password: '' };

/**
 * Name, email and password, all required (spec §5); the role is fixed to Client and the
 * server enforces it. A failed add keeps what was typed.
 */
export function AddClientForm({ onAdd }: { onAdd(client: NewClient): Promise<boolean> }) {
  const [form, setForm] = useState<NewClient>(emptyForm);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const added = await onAdd(form);
    setSaving(false);
    if (added) setForm(emptyForm);
  }

  const field = (key: keyof NewClient) => ({
    name: key,
    required: true,
    value: form[key],
    disabled: saving,
    onChange: (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value })),
  });

  return (
    <form className="add-client-form" onSubmit={(event) => void handleSubmit(event)} aria-label="New client">
      <label>
        Name
        <input type="text" autoComplete="off" {...field('name')} />
      </label>
      <label>
        Email
        <input type="email" autoComplete="off" {...field('email')} />
      </label>
      <label>
        Password
        <input type="password" autoComplete="new-password" {...field('password')} />
      </label>
      <label>
        Role
        <input type="text" name="role" value="Client" readOnly disabled />
      </label>
      <button type="submit" disabled={saving}>
        {saving ? 'Adding...' : 'Add Client'}
      </button>
    </form>
  );
}
