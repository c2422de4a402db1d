import { replace, type ActionFunction } from 'react-router';
import { afterLogin, logIn } from '../../shared/session/index.ts';
import { loginErrorMessage } from './login-error-message.ts';

/** What a refused login answers: the message the form shows (spec §8). */
export interface LoginRefused {
  error: string;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * /login's action: signs in through `POST /api/session` (the local session is saved beside the
 * cookie), then replaces /login with the page in `?next=` (same origin only), else /demo. A
 * refusal comes back as data, so the form keeps what was typed.
 */
export const loginAction: ActionFunction = async ({ request }) => {
  const form = await request.formData();
  try {
    await logIn(field(form, 'email'), field(form, 'password'));
  } catch (error) {
    return { error: loginErrorMessage(error) } satisfies LoginRefused;
  }
  return replace(afterLogin(new URL(request.url).searchParams.get('next')));
};
