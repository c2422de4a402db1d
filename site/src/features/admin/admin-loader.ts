import type { LoaderFunction } from 'react-router';
import { checkSession, pagePath, type SessionCheck } from '../../shared/session/index.ts';
import { listClientsPage, type ClientPage } from './clients-api.ts';
import { demoCallsConfigured } from './demo-calls-api.ts';

/** A request the loader started; the page awaits it (a rejection is kept, never unhandled). */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

/** The /admin loader data: the session check and, for an Admin, the screen's first requests. */
export type AdminData = SessionCheck & {
  /** The first page of `GET /api/clients`. */
  firstClients?: Promise<Settled<ClientPage>>;
  /** Whether 'Recent demo calls' has a source (`GET /api/config`). */
  demoCalls?: Promise<Settled<boolean>>;
};

/**
 * /admin: the session is checked first (a Client is never asked for the client list); then the
 * first page of clients and the config capabilities start together and are handed over
 * unresolved, so the page shows its heading and loading states while they arrive.
 */
export const adminLoader: LoaderFunction = async ({ request }) => {
  const check = await checkSession('Admin', pagePath(request));
  if (check.state !== 'allowed' || check.user.mustChangePassword) return check;
  return {
    ...check,
    firstClients: settle(listClientsPage()),
    demoCalls: settle(demoCallsConfigured()),
  } satisfies AdminData;
};
