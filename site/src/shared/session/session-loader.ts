import { replace, type LoaderFunction } from 'react-router';
import { loginUrl } from './login-next.ts';
import { clearLocalSession, readLocalSession, saveLocalSession } from './local-session.ts';
import { fetchSessionUser } from './session-api.ts';
import type { Role, SessionUser } from './session-user.ts';

/** What the session loader of a protected route hands its page (read by `RequireSession`). */
export type SessionCheck =
  | { state: 'allowed'; user: SessionUser }
  | { state: 'wrong-role' }
  | { state: 'unreachable'; message: string };

export function isSessionCheck(value: unknown): value is SessionCheck {
  return typeof value === 'object' && value !== null && typeof (value as SessionCheck).state === 'string';
}

/**
 * The route loader of /demo and /admin (spec §2 Guards). Without the local flag the visitor
 * goes to /login (`next` = this page) at once; with it, `GET /api/session` decides, so a stale flag whose cookie
 * has expired also ends at /login (and is cleared, so /login does not bounce back). The
 * redirect replaces history: Back does not return to the refused page. A wrong role and an
 * unreachable server are answers for the page to show (the role redirect carries router
 * state, which a loader redirect cannot).
 */
export async function checkSession(role: Role | undefined, from: string): Promise<SessionCheck> {
  if (!readLocalSession()) throw replace(loginUrl(from));
  let user: SessionUser | undefined;
  try {
    user = await fetchSessionUser();
  } catch (error) {
    return { state: 'unreachable', message: (error as Error).message };
  }
  if (!user) {
    clearLocalSession();
    throw replace(loginUrl(from));
  }
  saveLocalSession(user);
  return role && user.role !== role ? { state: 'wrong-role' } : { state: 'allowed', user };
}

/** The requested page as a path (what /login returns to). */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** `checkSession(role)` as a route loader. */
export function sessionLoader(role?: Role): LoaderFunction {
  return ({ request }) => checkSession(role, pagePath(request));
}
