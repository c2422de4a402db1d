import { replace, type ActionFunction } from 'react-router';
import { afterLogin, logIn } from '../../shared/session/index.ts';
import { ApiError } from '../../shared/api/index.ts';
import { requestAccess, requestPasswordReset } from './access-api.ts';
import { loginErrorMessage } from './login-error-message.ts';

/** What a refused login answers: the message the form shows (spec §8). */
export interface LoginRefused {
  error: string;
}

/** What the small forms under the login form answer (`intent` access-request / password-reset). */
export interface HelpAnswer {
  sent?: 'access-request' | 'password-reset';
  error?: string;
}

const HELP_FALLBACK = 'Could not send that just now. Please try again.';

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
  const intent = field(form, 'intent');
  if (intent === 'access-request' || intent === 'password-reset') {
    try {
      if (intent === 'access-request')
        await requestAccess({ name: field(form, 'name'), email: field(form, 'email') });
      else await requestPasswordReset(field(form, 'email'));
      return { sent: intent } satisfies HelpAnswer;
    } catch (error) {
      const message = error instanceof ApiError && error.fromServer ? error.message : HELP_FALLBACK;
      return { error: message } satisfies HelpAnswer;
    }
  }
  try {
    await logIn(field(form, 'email'), field(form, 'password'));
  } catch (error) {
    return { error: loginErrorMessage(error) } satisfies LoginRefused;
  }
  return replace(afterLogin(new URL(request.url).searchParams.get('next')));
};
