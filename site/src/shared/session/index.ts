export { ApiError, apiRequest, type ApiRequestOptions } from './api-client.ts';
export { clearLocalSession, readLocalSession, saveLocalSession } from './local-session.ts';
export { changePassword, fetchSessionUser, logIn, logOut } from './session-api.ts';
export { ChangePasswordForm } from './ChangePasswordForm.tsx';
export { ADMIN_ONLY_NOTICE } from './notices.ts';
export {
  isLoginRedirectState,
  isRoleRedirectState,
  RequireSession,
  useSessionUser,
  type LoginRedirectState,
  type RoleRedirectState,
  type RequireSessionProps,
} from './RequireSession.tsx';
export { isSessionUser, type Role, type SessionUser } from './session-user.ts';
