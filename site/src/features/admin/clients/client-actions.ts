import type { ActionFunction, ShouldRevalidateFunction } from 'react-router';
import { addClient, deleteClient, setClientPassword } from './clients-api.ts';
import { detailOf, MESSAGES, type Banner } from './client-messages.ts';

/** What the forms of the Clients tab submit (a hidden `intent` field). */
export const CLIENT_INTENTS = ['add', 'delete', 'set-password'] as const;
export type ClientIntent = (typeof CLIENT_INTENTS)[number];

/** The action's answer: the banner to show, and which form and client it was about. */
export interface ClientActionResult {
  intent: ClientIntent;
  ok: boolean;
  banner: Banner;
  /** The client deleted or given a password. */
  id?: string;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

async function attempt(
  intent: ClientIntent,
  change: () => Promise<void>,
  texts: { done: string; failed: string },
  id?: string,
): Promise<ClientActionResult> {
  const about = id === undefined ? { intent } : { intent, id };
  try {
    await change();
  } catch (error) {
    return { ...about, ok: false, banner: { kind: 'error', text: texts.failed, detail: detailOf(error) } };
  }
  return { ...about, ok: true, banner: { kind: 'success', text: texts.done } };
}

/**
 * The Clients tab's changes (spec §4, §5): add a client, delete one, set one's password. A
 * refusal comes back as data (the banner and the server's reason), so the form that sent it
 * stays as the user left it.
 */
export const clientsAction: ActionFunction = async ({ request }): Promise<ClientActionResult> => {
  const form = await request.formData();
  const intent = field(form, 'intent');
  const id = field(form, 'id');
  switch (intent) {
    case 'add': {
      const client = {
        name: field(form, 'name'),
        email: field(form, 'email'),
        password: field(form, 'password'),
      };
      return attempt('add', () => addClient(client), { done: MESSAGES.added, failed: MESSAGES.addFailed });
    }
    case 'delete':
      return attempt(
        'delete',
        () => deleteClient(id),
        { done: MESSAGES.deleted, failed: MESSAGES.deleteFailed },
        id,
      );
    case 'set-password': {
      const password = field(form, 'password');
      return attempt(
        'set-password',
        () => setClientPassword(id, password),
        { done: MESSAGES.passwordSet, failed: MESSAGES.passwordFailed },
        id,
      );
    }
    default:
      throw new Error(`Unknown Clients action "${intent}": expected one of ${CLIENT_INTENTS.join(', ')}`);
  }
};

const isResult = (value: unknown): value is ClientActionResult =>
  typeof value === 'object' && value !== null && typeof (value as ClientActionResult).intent === 'string';

/**
 * Every change reloads the list (spec §4): after a client is added or deleted the first page
 * is asked again. A refused change or a new password leaves the list as it is.
 */
export const clientsShouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}) => {
  if (!formMethod) return defaultShouldRevalidate;
  return isResult(actionResult) && actionResult.ok && actionResult.intent !== 'set-password';
};
