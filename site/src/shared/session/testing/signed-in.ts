import { saveLocalSession } from '../local-session.ts';
import type { FakeSiteState, StoredUser } from './fake-site-api.ts';

/** Puts the browser in the state a real login leaves: cookie (server side) + local flags. */
export function signIn(state: FakeSiteState, user: StoredUser): void {
  state.sessionUserId = user.id;
  saveLocalSession(user);
}
