import type { RouteHandle } from '../../shared/route-handle.ts';
import { SetPasswordPage } from './SetPasswordPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Choose Your Password' };

export const Component = SetPasswordPage;
