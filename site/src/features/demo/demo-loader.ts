import type { LoaderFunction } from 'react-router';
import { checkSession, pagePath, type SessionCheck } from '../../shared/session/index.ts';
import { settle, type Settled } from '../../shared/settle.ts';
import { fetchDemoSetup, type DemoSetup } from './demo-config.ts';

/** The /demo loader data: the session check and, for a signed-in user, the demo's setup. */
export type DemoData = SessionCheck & {
  /** `GET /api/config`: whether the demo can call, and with which receptionists. */
  setup?: Promise<Settled<DemoSetup>>;
};

/**
 * /demo: any signed-in user. After the session check, the demo's setup starts loading and is
 * handed over unresolved, so the page shows its call card while it arrives.
 */
export const demoLoader: LoaderFunction = async ({ request }) => {
  const check = await checkSession(undefined, pagePath(request));
  if (check.state !== 'allowed' || check.user.mustChangePassword) return check;
  return { ...check, setup: settle(fetchDemoSetup()) } satisfies DemoData;
};
