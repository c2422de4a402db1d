export { clearLocalSession, readLocalSession, saveLocalSession } from './local-session.ts';
export { changePassword, fetchSessionUser, logIn, logOut, setPasswordFromLink } from './session-api.ts';
export { ChangePasswordForm } from './ChangePasswordForm.tsx';
export { ADMIN_ONLY_NOTICE } from './notices.ts';
export {
  isLoginRedirectState,
  isRoleRedirectState,
  RequireSession,
  SessionCheckPending,
  useSessionUser,
  type LoginRedirectState,
  type RoleRedirectState,
} from './RequireSession.tsx';
export { isSessionUser, type Role, type SessionUser } from './session-user.ts';
export {
  checkSession,
  isSessionCheck,
  pagePath,
  sessionLoader,
  type SessionCheck,
} from './session-loader.ts';
export { afterLogin, loginUrl } from './login-next.ts';
