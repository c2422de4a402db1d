import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ADMIN_ONLY_NOTICE } from './notices.ts';
import { clearLocalSession, readLocalSession, saveLocalSession } from './local-session.ts';
import { fetchSessionUser } from './session-api.ts';
import type { Role, SessionUser } from './session-user.ts';

type Check =
  | { state: 'checking' }
  | { state: 'allowed'; user: SessionUser }
  | { state: 'refused' }
  | { state: 'wrong-role' }
  | { state: 'unreachable'; message: string };

/**
 * Router state of a redirect to /login from a page the signed-in user's role may not
 * open: /login then stays put (instead of bouncing an already signed-in user to /demo)
 * so they can sign in with another account.
 */
export interface LoginRedirectState {
  requiredRole: Role;
  from: string;
}

export function isLoginRedirectState(value: unknown): value is LoginRedirectState {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LoginRedirectState).requiredRole === 'string'
  );
}

/** Router state of the redirect to /demo from a page the user's role may not open. */
export interface RoleRedirectState {
  notice: string;
  from: string;
}

export function isRoleRedirectState(value: unknown): value is RoleRedirectState {
  return (
    typeof value === 'object' && value !== null && typeof (value as RoleRedirectState).notice === 'string'
  );
}

const SessionUserContext = createContext<SessionUser | undefined>(undefined);

/** The signed-in user, for components rendered inside `RequireSession`. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser() must be used inside <RequireSession>');
  return user;
}

export interface RequireSessionProps {
  /** Only this role may pass (the admin guard); any signed-in user when omitted. */
  role?: Role;
  children: ReactNode;
}

/**
 * The route guard of /demo and /admin (spec §2 Guards). A signed-in Client on an Admin page
 * goes to /demo with a note (`RoleRedirectState`). Without the local flag it sends
 * the visitor to /login at once; with it, `GET /api/session` decides, so a stale flag
 * whose cookie has expired also ends at /login (and is cleared, so /login does not bounce
 * back). Redirects replace history: Back does not return to the refused page.
 */
export function RequireSession({ role, children }: RequireSessionProps) {
  const [check, setCheck] = useState<Check>(() =>
    readLocalSession() ? { state: 'checking' } : { state: 'refused' },
  );
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!readLocalSession()) {
      setCheck({ state: 'refused' });
      return;
    }
    let current = true;
    fetchSessionUser().then(
      (user) => {
        if (!current) return;
        if (!user) {
          clearLocalSession();
          setCheck({ state: 'refused' });
          return;
        }
        saveLocalSession(user);
        setCheck(role && user.role !== role ? { state: 'wrong-role' } : { state: 'allowed', user });
      },
      (error: unknown) => {
        if (current) setCheck({ state: 'unreachable', message: (error as Error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [role, attempt]);

  switch (check.state) {
    case 'refused':
      return <Navigate to="/login" replace />;
    case 'wrong-role': {
      // Signed in, just not as an Admin: back to the demo they may use, saying why.
      const state: RoleRedirectState = { notice: ADMIN_ONLY_NOTICE, from: pathname };
      return <Navigate to="/demo" replace state={state} />;
    }
    case 'checking':
      return (
        <main className="session-check" aria-busy="true">
          <p role="status">Checking your session...</p>
        </main>
      );
    case 'unreachable':
      return (
        <main className="session-check">
          <p role="alert">
            Could not check your session: {check.message}. Check your connection, then try again.
          </p>
          <button
            type="button"
            onClick={() => {
              setCheck({ state: 'checking' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </main>
      );
    case 'allowed':
      if (check.user.mustChangePassword) {
        // A temporary password (the generated first Admin's) opens nothing until it is changed.
        return (
          <main className="session-check">
            <h1>Choose your own password</h1>
            <p>This account still has the password generated at set-up. Choose a new one to continue.</p>
            <ChangePasswordForm onChanged={(user) => setCheck({ state: 'allowed', user })} />
          </main>
        );
      }
      return <SessionUserContext.Provider value={check.user}>{children}</SessionUserContext.Provider>;
  }
}
