import type { RouteHandle } from '../../shared/route-handle.ts';
import { loginAction } from './login-action.ts';
import { LoginPage } from './LoginPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Access Your Demo' };

/** Signing in is the route's action: the form posts to it, a success replaces /login. */
export const action = loginAction;
export const Component = LoginPage;
