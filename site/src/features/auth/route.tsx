import type { RouteHandle } from '../../shared/route-handle.ts';
import { LoginPage } from './LoginPage.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Access Your Demo' };

export const Component = LoginPage;
