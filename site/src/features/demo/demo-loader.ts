import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { checkSession, pagePath, readLocalSession, type SessionCheck } from '../../shared/session/index.ts';
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
 * /demo: any signed-in user. The loader waits for the session check, the demo's setup and,
 * for a preview, the notice's module: the page then renders once, complete. Handed over
 * unresolved, they arrived after the first paint and pushed the picker and the call card down
 * the screen (Lighthouse measured a layout shift of 0.34 on a phone). The setup is asked for
 * beside the session check, not after it (one round trip less before the page shows), but
 * only with the local session flag: a visitor who goes straight to /login asks for nothing.
 * If the session turns out to have expired, the answer (which holds no key without a
 * session) is dropped.
 */
export const demoLoader: LoaderFunction = async ({ request }) => {
  const checking = checkSession(undefined, pagePath(request));
  const setupRequest = readLocalSession() ? settle(fetchDemoSetup()) : undefined;
  const check = await checking;
  if (check.state !== 'allowed' || check.user.mustChangePassword || !setupRequest) return check;
  const setup = await setupRequest;
  if (!setup.ok || setup.value.mode !== 'preview') return { ...check, setup } satisfies DemoData;
  // A notice that cannot load (a new deploy, offline) leaves the preview usable without it.
  const notice = await import('./PreviewNotice.tsx').catch((error: unknown) => {
    console.error('The preview notice could not be loaded', error);
    return undefined;
  });
  return { ...check, setup, PreviewNotice: notice?.PreviewNotice } satisfies DemoData;
};
