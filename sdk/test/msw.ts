import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Base URL the tests point the client at; msw answers for it, nothing leaves the process. */
export const BASE = 'https://api.vapi.test';

/** One msw server per test file, failing on any request no handler expects. */
export function useMsw() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
