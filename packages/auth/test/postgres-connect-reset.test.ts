// @vitest-environment node
// A connection reset while a new connection runs its first statement (the moment postgres.js
// used to fetch the catalogue's array types) must reach the caller as an error it can handle,
// never as an unhandled rejection: in production that kills the whole Node process.
// A TCP proxy on loopback in front of the suite's real PostgreSQL resets the first statement
// of the next connection(s) it carries.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserStoreError } from '../src/errors.ts';
import { PostgresStore } from '../src/postgres-store.ts';
import { createTestSchema } from '../src/testing/postgres-server.ts';
import { postgresUrl } from './stores.ts';

interface ResettingProxy {
  url: string;
  /** Resets (RST) the first statement of each of the next `n` connections. */
  resetNext(n: number): void;
  /** How many connections were reset so far. */
  readonly resets: number;
  close(): Promise<void>;
}

/** Frontend message types that start a statement: Query (simple) and Parse (extended). */
const STATEMENT = new Set(['Q'.charCodeAt(0), 'P'.charCodeAt(0)]);

async function resettingProxy(target: URL): Promise<ResettingProxy> {
  let pending = 0;
  let resets = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const doomed = pending > 0;
    if (doomed) pending--;
    client.on('data', (chunk: Buffer) => {
      // The startup message begins with its length (a 0 byte), never with a type letter.
      if (doomed && STATEMENT.has(chunk[0]!)) {
        resets++;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(target.href);
  url.port = String(port);
  return {
    url: url.href,
    resetNext(n) {
      pending = n;
    },
    get resets() {
      return resets;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let proxy: ResettingProxy;
let schema: { schema: string; drop(): Promise<void> };
let store: PostgresStore;
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  schema = await createTestSchema(postgresUrl());
  proxy = await resettingProxy(new URL(postgresUrl()));
  process.on('unhandledRejection', recordUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', recordUnhandled);
  await proxy?.close();
  await schema?.drop();
});
beforeEach(() => {
  unhandled.length = 0;
  store = new PostgresStore({ url: proxy.url, schema: schema.schema, poolSize: 2 });
});
afterEach(async () => {
  await store.close();
});

/** Lets pending rejections surface: Node reports them after the microtask queue drains. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('PostgresStore when a new connection is reset at its first statement', () => {
  it('the caller gets an answer or a 503, nothing is left unhandled, and the next call works', async () => {
    proxy.resetNext(1);
    const before = proxy.resets;
    const outcome = await store.users.findByEmail('someone@example.com').then(
      (user) => ({ user }),
      (error: unknown) => ({ error }),
    );
    expect(proxy.resets).toBe(before + 1);
    if ('error' in outcome) {
      expect(outcome.error).toBeInstanceOf(UserStoreError);
      expect(outcome.error).toMatchObject({ status: 503 });
    } else {
      expect(outcome.user).toBeUndefined();
    }
    await settle();
    expect(unhandled).toEqual([]);
    await expect(store.users.findByEmail('someone@example.com')).resolves.toBeUndefined();
  }, 30_000);

  it('every connection of a warm pool reset in turn: still nothing unhandled', async () => {
    await store.users.findByEmail('warm@example.com');
    await store.close();
    store = new PostgresStore({ url: proxy.url, schema: schema.schema, poolSize: 2 });
    proxy.resetNext(4);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => store.users.findByEmail('someone@example.com')),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ status: 503 });
      else expect(outcome.value).toBeUndefined();
    }
    await settle();
    expect(unhandled).toEqual([]);
    proxy.resetNext(0);
    await expect(store.users.findByEmail('someone@example.com')).resolves.toBeUndefined();
  }, 30_000);
});
