import type { RouteHandle } from '../../shared/route-handle.ts';
import { leadsAction, leadsShouldRevalidate } from './leads/lead-actions.ts';
import { leadsLoader } from './leads/leads-loader.ts';
import { LeadsPanel } from './leads/LeadsPanel.tsx';

export const handle: RouteHandle = { title: 'Voxdesk — Leads' };

/** /admin/leads: the Leads tab, its first page from the loader and status changes through the action. */
export const loader = leadsLoader;
export const action = leadsAction;
export const shouldRevalidate = leadsShouldRevalidate;
export const Component = LeadsPanel;
