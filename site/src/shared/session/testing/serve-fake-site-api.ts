import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createFakeSiteState, fakeSiteHandlers, type FakeSiteState } from './fake-site-api.ts';

/**
 * Serves the fake site API to the current test file: before each test, local storage is
 * cleared and a fresh state is handed to `onReset` (which may sign a user in).
 */
export function serveFakeSiteApi(onReset: (state: FakeSiteState) => void): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    localStorage.clear();
    const state = createFakeSiteState();
    server.resetHandlers(...fakeSiteHandlers(state));
    onReset(state);
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
