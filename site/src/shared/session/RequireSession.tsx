import { AppShell } from '../layout/AppShell.tsx';
import { useMemo, type ReactNode } from 'react';
import { Navigate, useLoaderData, useLocation, useMatches, useRevalidator } from 'react-router';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ADMIN_ONLY_NOTICE } from './notices.ts';
import { isSessionCheck } from './session-loader.ts';
import type { Role, SessionUser } from './session-user.ts';

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

/**
 * The signed-in user, for components rendered inside `RequireSession`: the loader data of the
 * guarded route (for a nested route's page, its parent's).
 */
export function useSessionUser(): SessionUser {
  const check = useMatches()
    .map((match) => match.loaderData)
    .find(isSessionCheck);
  if (!isSessionCheck(check) || check.state !== 'allowed') {
    throw new Error(
      'useSessionUser() must be used inside <RequireSession> on a route whose loader returns checkSession()',
    );
  }
  return check.user;
}

/**
 * Signed in, just not as an Admin: back to the demo they may use, saying why. The state is
 * made once: a fresh object on each render (this page re-renders while /demo loads) would
 * make `<Navigate>` navigate again and interrupt the load it started.
 */
function RoleRedirect({ from }: { from: string }) {
  const state = useMemo<RoleRedirectState>(() => ({ notice: ADMIN_ONLY_NOTICE, from }), [from]);
  return <Navigate to="/demo" replace state={state} />;
}

/** Shown while the session loader runs on the first load of a protected page. */
export function SessionCheckPending() {
  return (
    <AppShell className="session-check">
      <p role="status" aria-busy="true">
        Checking your session...
      </p>
    </AppShell>
  );
}

/**
 * The page half of the guard of /demo and /admin: renders what the route loader's `checkSession()` found. A
 * signed-in user of the wrong role goes to /demo with a note (`RoleRedirectState`); an
 * unreachable server gets a retry (re-running the loader); a temporary password opens
 * nothing until it is changed.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const check: unknown = useLoaderData();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  if (!isSessionCheck(check))
    throw new Error('<RequireSession> needs a route loader that returns checkSession()');

  switch (check.state) {
    case 'wrong-role':
      return <RoleRedirect from={pathname} />;
    case 'unreachable':
      if (revalidator.state === 'loading') return <SessionCheckPending />;
      return (
        <AppShell className="session-check">
          <p role="alert">
            Could not check your session: {check.message}. Check your connection, then try again.
          </p>
          <button type="button" onClick={() => void revalidator.revalidate()}>
            Try again
          </button>
        </AppShell>
      );
    case 'allowed':
      if (check.user.mustChangePassword) {
        // A temporary password (the generated first Admin's, or one an Admin set) opens nothing until it is changed.
        return (
          <AppShell className="session-check">
            <h1>Choose your own password</h1>
            <p>
              This account still has a password someone else chose (generated at set-up, or set by an Admin).
              Choose your own to continue.
            </p>
            <ChangePasswordForm user={check.user} onChanged={() => void revalidator.revalidate()} />
          </AppShell>
        );
      }
      return children;
  }
}
