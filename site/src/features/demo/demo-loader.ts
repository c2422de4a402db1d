import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { checkSession, pagePath, type SessionCheck } from '../../shared/session/index.ts';
import { settle, type Settled } from '../../shared/settle.ts';
import { fetchDemoSetup, type DemoSetup } from './demo-config.ts';

/** The preview notice's props (its module is loaded only for a preview). */
export interface PreviewNoticeProps {
  missing: string[] | undefined;
}

/** The /demo loader data: the session check and, for a signed-in user, the demo's setup. */
export type DemoData = SessionCheck & {
  /** `GET /api/config`: whether the demo can call, and with which receptionists. */
  setup?: Settled<DemoSetup>;
  /** The preview's notice, when the setup says preview (a chunk the live demo never loads). */
  PreviewNotice?: ComponentType<PreviewNoticeProps>;
};

/**
 * /demo: any signed-in user. After the session check the loader also waits for the demo's
 * setup and, for a preview, the notice's module: the page then renders once, complete. Handed
 * over unresolved, they arrived after the first paint and pushed the picker and the call card
 * down the screen (Lighthouse measured a layout shift of 0.34 on a phone).
 */
export const demoLoader: LoaderFunction = async ({ request }) => {
  const check = await checkSession(undefined, pagePath(request));
  if (check.state !== 'allowed' || check.user.mustChangePassword) return check;
  const setup = await settle(fetchDemoSetup());
  if (!setup.ok || setup.value.mode !== 'preview') return { ...check, setup } satisfies DemoData;
  // A notice that cannot load (a new deploy, offline) leaves the preview usable without it.
  const notice = await import('./PreviewNotice.tsx').catch((error: unknown) => {
    console.error('The preview notice could not be loaded', error);
    return undefined;
  });
  return { ...check, setup, PreviewNotice: notice?.PreviewNotice } satisfies DemoData;
};
