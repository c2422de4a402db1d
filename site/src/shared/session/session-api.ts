import { api, ApiError, call } from '../api/index.ts';
import { clearLocalSession, saveLocalSession } from './local-session.ts';
import { isSessionUser, toSessionUser, type SessionUser } from './session-user.ts';

function userFrom(payload: unknown): SessionUser {
  const user = (payload as { user?: unknown } | undefined)?.user;
  if (!isSessionUser(user)) throw new ApiError(500, 'The server sent an unexpected session answer', false);
  return toSessionUser(user);
}

/** Logs in (`POST /api/session`); on success the local session is saved next to the cookie. */
export async function logIn(email: string, password: string): Promise<SessionUser> {
  const user = userFrom(await call(api.session.$post({ json: { email, password } })));
  saveLocalSession(user);
  return user;
}

/**
 * Changes the signed-in user's password (`POST /api/session/password`). The server ends every
 * other session of the user and gives this browser a fresh one.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<SessionUser> {
  const user = userFrom(await call(api.session.password.$post({ json: { currentPassword, newPassword } })));
  saveLocalSession(user);
  return user;
}

/**
 * Sets the password from a one-time mailed link (`POST /api/password/token`): the link is used
 * up and the server signs the user in, so the local session is saved as after a login.
 */
export async function setPasswordFromLink(token: string, password: string): Promise<SessionUser> {
  const user = userFrom(await call(api.password.token.$post({ json: { token, password } })));
  saveLocalSession(user);
  return user;
}

/** The user behind the session cookie, or undefined when the server answers 401. */
export async function fetchSessionUser(): Promise<SessionUser | undefined> {
  try {
    return userFrom(await call(api.session.$get()));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return undefined;
    throw error;
  }
}

/**
 * Ends the session on both sides. The local flags go even when the server cannot be
 * reached, so the browser never keeps a session the visitor asked to end.
 */
export async function logOut(): Promise<void> {
  try {
    await call(api.session.$delete());
  } finally {
    clearLocalSession();
  }
}
