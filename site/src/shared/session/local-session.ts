import { isSessionUser, toSessionUser, type SessionUser } from './session-user.ts';

/**
 * The spec's local session (§3): `isLoggedIn = 'true'` and `user` as JSON. It only shapes
 * the experience (skip /login when already signed in, greet by name before the server
 * answers); the HttpOnly cookie checked by `GET /api/session` is the authority.
 */
const FLAG_KEY = 'isLoggedIn';
const USER_KEY = 'user';

export function saveLocalSession(user: SessionUser): void {
  localStorage.setItem(FLAG_KEY, 'true');
  localStorage.setItem(USER_KEY, JSON.stringify(toSessionUser(user)));
}

export function clearLocalSession(): void {
  localStorage.removeItem(FLAG_KEY);
  localStorage.removeItem(USER_KEY);
}

/** The locally remembered user, or undefined when the flag is missing or the JSON is damaged. */
export function readLocalSession(): SessionUser | undefined {
  if (localStorage.getItem(FLAG_KEY) !== 'true') return undefined;
  try {
    const user: unknown = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    return isSessionUser(user) ? toSessionUser(user) : undefined;
  } catch {
    return undefined;
  }
}
