import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createFakeVapi, type FakeVapiOptions, type FakeVapiSeed } from '@voxdesk/vapi-mock';

export const TOKEN = 'sk-test-0123456789';

/** The fake Vapi behind msw for one test file; every unhandled request fails the test. */
export function useFakeVapi(
  seed?: FakeVapiSeed,
  options: Pick<FakeVapiOptions, 'sameMillisecond' | 'now' | 'callPace'> = {},
) {
  const fake = createFakeVapi({ token: TOKEN, ...options, ...(seed ? { seed } : {}) });
  const server = setupServer(...fake.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => fake.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return fake;
}

/** The environment of a logged-in user (token from VAPI_TOKEN). */
export const authed = { VAPI_TOKEN: TOKEN };

/** Logged in, on a terminal without colour (layout assertions read plain text). */
export const plain = { ...authed, NO_COLOR: '1' };
