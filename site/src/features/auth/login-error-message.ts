import { ApiError } from '../../shared/api/index.ts';

/** Spec §8: shown when the failure carries no message of its own. */
export const LOGIN_FALLBACK_MESSAGE = 'An error occurred during login. Please try again.';

/**
 * What the login form shows for a failure: the server's own message ('Invalid email or
 * password', 'Authentication failed. Please check your credentials.', the
 * throttling notice…) or the spec's fallback when there is none (network down, HTML 502).
 */
export function loginErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : LOGIN_FALLBACK_MESSAGE;
}
