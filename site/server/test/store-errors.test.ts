// @vitest-environment node
import { STORE_AUTH_FAILED, STORE_UNAVAILABLE, UserStoreError, type UserStore } from '@voxdesk/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_FAILED } from '../app.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Makes the store behind a running test server fail every lookup with `error`. */
function breakStore(store: UserStore, error: unknown) {
  store.findByEmail = async () => {
    throw error;
  };
}

describe('store failures through the API', () => {
  it("a hosted-table 401 answers 502 with the spec's message", async () => {
    server = await startTestServer();
    breakStore(server.store, new UserStoreError(STORE_AUTH_FAILED, 502));
    const response = await server.browser().request('POST', '/api/session', {
      json: { email: 'ada@example.com', password: 'x' },
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: STORE_AUTH_FAILED });
  });

  it('a rate-limited table answers 503 with its message', async () => {
    server = await startTestServer();
    breakStore(
      server.store,
      new UserStoreError('The user table is busy. Please try again in a few seconds.', 503),
    );
    const response = await server.browser().request('POST', '/api/session', {
      json: { email: 'ada@example.com', password: 'x' },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'The user table is busy. Please try again in a few seconds.',
    });
  });

  it("a store's operator detail (driver text, addresses) is logged, never answered (issue 26 L1)", async () => {
    server = await startTestServer();
    const detail = 'Could not reach the database: connect ECONNREFUSED 127.0.0.1:5432.';
    breakStore(
      server.store,
      new UserStoreError(detail, 503, {
        cause: new Error('connect ECONNREFUSED 127.0.0.1:5432'),
        publicMessage: STORE_UNAVAILABLE,
      }),
    );
    const response = await server.browser().request('POST', '/api/session', {
      json: { email: 'ada@example.com', password: 'x' },
    });
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: STORE_UNAVAILABLE });
    expect(text).not.toContain('127.0.0.1');
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: detail,
        error: 'Error: connect ECONNREFUSED 127.0.0.1:5432',
      }),
    );
  });

  it('an unexpected failure is a logged 500 with a generic message that leaks nothing', async () => {
    server = await startTestServer();
    breakStore(server.store, new Error('SQLITE_CORRUPT at /secret/path'));
    const response = await server.browser().request('POST', '/api/session', {
      json: { email: 'ada@example.com', password: 'x' },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: SERVER_FAILED });
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'unhandled error',
        error: 'Error: SQLITE_CORRUPT at /secret/path',
      }),
    );
  });
});
