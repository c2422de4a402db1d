// @vitest-environment node
// Issue 26 L7: a client that hangs up mid-body is an abort, logged as one, not a 500
// "unhandled error". A raw socket on loopback sends the headers and half the body, then closes.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Sends `path`'s headers (announcing `length` bytes) and `sent` of the body, then hangs up. */
function hangUpMidBody(url: string, path: string, length: number, sent: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        [
          `POST ${path} HTTP/1.1`,
          `Host: ${hostname}:${port}`,
          `Origin: ${url}`,
          'Content-Type: application/json',
          `Content-Length: ${length}`,
          '',
          sent,
        ].join('\r\n'),
        () => setTimeout(() => socket.destroy(), 50),
      );
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

describe('a client hanging up mid-body', () => {
  it.each([
    ['a login', '/api/session'],
    ['a lead', '/api/leads'],
    ['a signed webhook delivery', '/api/vapi/events'],
  ])(
    'on %s is logged as an abort, never as a server error',
    async (_name, path) => {
      server = await startTestServer({ vapiEvents: { secret: 'webhook-secret-0123456789abcdef' } });
      await hangUpMidBody(server.url, path, 200, '{"email":"ada@example.com","pass');
      // The request's own line comes when the server is done with it.
      await expect
        .poll(() => server!.logs.some((line) => line.path === path), { timeout: 10_000 })
        .toBe(true);
      // Nothing reads the request as a failure of ours, nor as a bad request of the client's.
      expect(server.logs.filter((line) => line.level === 'error')).toEqual([]);
      expect(server.logs.filter((line) => line.path === path)).toEqual([
        expect.objectContaining({ level: 'info', msg: 'client aborted', method: 'POST', path }),
      ]);
      // The server still answers.
      expect((await fetch(`${server.url}/api/config`)).status).toBe(200);
    },
    30_000,
  );
});
