/**
 * The login form's state machine (spec §4): idle → submitting → success | error; editing
 * any field in the error state clears the message (back to idle).
 */
export type LoginState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'success' }
  | { status: 'error'; message: string };

export type LoginEvent =
  { type: 'submit' } | { type: 'succeeded' } | { type: 'failed'; message: string } | { type: 'edited' };

export const initialLoginState: LoginState = { status: 'idle' };

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'submit':
      // A second submit while one is in flight changes nothing.
      return state.status === 'submitting' ? state : { status: 'submitting' };
    case 'succeeded':
      return state.status === 'submitting' ? { status: 'success' } : state;
    case 'failed':
      return state.status === 'submitting' ? { status: 'error', message: event.message } : state;
    case 'edited':
      return state.status === 'error' ? { status: 'idle' } : state;
  }
}
