import { describe, expect, it } from 'vitest';
import { initialLoginState, loginReducer, type LoginState } from './login-state.ts';

describe('loginReducer', () => {
  const submitting: LoginState = { status: 'submitting' };

  it('goes idle → submitting → success', () => {
    const next = loginReducer(initialLoginState, { type: 'submit' });
    expect(next).toEqual(submitting);
    expect(loginReducer(next, { type: 'succeeded' })).toEqual({ status: 'success' });
  });

  it('goes submitting → error with the message, and editing clears it', () => {
    const failed = loginReducer(submitting, { type: 'failed', message: 'Invalid password' });
    expect(failed).toEqual({ status: 'error', message: 'Invalid password' });
    expect(loginReducer(failed, { type: 'edited' })).toEqual({ status: 'idle' });
  });

  it('can submit again from the error state', () => {
    const failed: LoginState = { status: 'error', message: 'User not found' };
    expect(loginReducer(failed, { type: 'submit' })).toEqual(submitting);
  });

  it('ignores events that do not belong to the current state', () => {
    expect(loginReducer(submitting, { type: 'submit' })).toBe(submitting);
    expect(loginReducer(submitting, { type: 'edited' })).toBe(submitting);
    expect(loginReducer(initialLoginState, { type: 'succeeded' })).toBe(initialLoginState);
    expect(loginReducer(initialLoginState, { type: 'failed', message: 'x' })).toBe(initialLoginState);
  });
});
