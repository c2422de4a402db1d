// Login, GET /api/session and GET /api/clients against the real site server (its own
// process, as deployed) on each store, one after the other in one run: SQLite, PostgreSQL
// (a throw-away server on loopback) and Airtable (the test fake served on loopback, with the
// real base's 5 requests/s enforced and a fixed answer delay). Prints throughput and latency
// percentiles per route and each store's ratio to SQLite. Numbers go to docs/site.md.
// Run: npm run bench:stores -w @voxdesk/site (part of npm run bench).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeAirtable } from '@voxdesk/auth/testing';
import { startTestPostgres } from '@voxdesk/auth/testing/postgres';
import autocannon from 'autocannon';
import { getResponse } from 'msw';
import { startServerProcess, type ServerProcess } from '../server/test/server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Real Airtable answers in tens of milliseconds at best; the fake otherwise answers at once. */
const AIRTABLE_DELAY_MS = 30;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password 123' };
const CLIENT_PASSWORD = 'bench client password 123';
/** Accounts the login run cycles through (the per-account throttle slows one account past 20 tries). */
const CLIENTS = 20;

interface Row {
  store: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
}

/** The Airtable fake's msw handlers behind a loopback HTTP server, so a separate process can reach it. */
async function loopbackAirtable() {
  const fake = createFakeAirtable({ perSecond: 5 });
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const request = new Request(`${fake.endpointUrl}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]],
      ),
      ...(body.length > 0 ? { body } : {}),
    });
    await new Promise((resolve) => setTimeout(resolve, AIRTABLE_DELAY_MS));
    const response =
      (await getResponse(fake.handlers, request)) ?? new Response('no handler', { status: 500 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function request(server: ServerProcess, method: string, path: string, json?: unknown, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      origin: server.url,
      ...(cookie ? { cookie } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function run(
  server: ServerProcess,
  options: {
    path: string;
    method?: 'GET' | 'POST';
    connections: number;
    cookie?: string;
    /** A fresh body and client address per request (logins). */
    login?: boolean;
  },
) {
  let n = 0;
  const result = await autocannon({
    url: `${server.url}${options.path}`,
    connections: options.connections,
    duration: SECONDS,
    headers: { origin: server.url, ...(options.cookie ? { cookie: options.cookie } : {}) },
    requests: [
      options.login
        ? {
            method: 'POST',
            setupRequest: (req) => {
              n++;
              return {
                ...req,
                headers: {
                  ...req.headers,
                  'content-type': 'application/json',
                  // TRUST_PROXY is on: each login comes from its own address, as many users would.
                  'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                },
                body: JSON.stringify({
                  email: `client${n % CLIENTS}@example.com`,
                  password: CLIENT_PASSWORD,
                }),
              };
            },
          }
        : { method: options.method ?? 'GET' },
    ],
  });
  const ok = result['2xx'];
  return {
    rps: ok / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    other: result.non2xx + result.errors + result.timeouts,
  };
}

/** Starts the server on one store and signs in its Admin, who then adds the login accounts. */
async function prepare(store: string, env: Record<string, string>) {
  const server = await startServerProcess(store, {
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'true',
    ...env,
  });
  const login = await request(server, 'POST', '/api/session', ADMIN);
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  for (let i = 0; i < CLIENTS; i++) {
    await request(
      server,
      'POST',
      '/api/clients',
      { name: `Client ${i}`, email: `client${i}@example.com`, password: CLIENT_PASSWORD },
      cookie,
    );
  }
  return { store, server, cookie };
}

const dir = mkdtempSync(join(tmpdir(), 'voxdesk-bench-'));
// Durable settings: SQLite syncs every commit too.
const pg = await startTestPostgres({ durable: true });
const airtable = await loopbackAirtable();
const servers: Awaited<ReturnType<typeof prepare>>[] = [];
const rows: Row[] = [];
try {
  console.log(
    `Store benchmark: ${SECONDS} s per route and store, each server in its own process on 127.0.0.1, routes measured store after store`,
  );
  servers.push(await prepare('sqlite', { VOXDESK_DB: join(dir, 'sqlite', 'voxdesk.db') }));
  servers.push(await prepare('postgres', { DATABASE_URL: pg.url }));
  servers.push(
    await prepare('airtable', {
      AIRTABLE_BASE_ID: airtable.fake.baseId,
      AIRTABLE_TABLE_ID: airtable.fake.tableId,
      AIRTABLE_TOKEN: airtable.fake.token,
      AIRTABLE_ENDPOINT_URL: airtable.url,
      VOXDESK_DB: join(dir, 'airtable-state', 'voxdesk.db'),
    }),
  );
  const routes = [
    // Logins are bound by scrypt (the hash gate runs a few at once): few connections.
    { route: 'POST /api/session', path: '/api/session', connections: 4, login: true, auth: false },
    { route: 'GET /api/session', path: '/api/session', connections: 10, login: false, auth: true },
    { route: 'GET /api/clients', path: '/api/clients?limit=50', connections: 10, login: false, auth: true },
  ];
  for (const { route, auth, ...options } of routes) {
    for (const { store, server, cookie } of servers) {
      const r = await run(server, { ...options, ...(auth ? { cookie } : {}) });
      rows.push({ store, route, ...r });
      console.log(
        `  ${store.padEnd(10)} ${route.padEnd(18)} ${r.rps.toFixed(1).padStart(8)} req/s  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  (${r.ok} ok, ${r.other} other)`,
      );
    }
  }
  console.log('\nThroughput (successful req/s) and p99 relative to SQLite:');
  for (const row of rows.filter((r) => r.store !== 'sqlite')) {
    const base = rows.find((r) => r.store === 'sqlite' && r.route === row.route)!;
    console.log(
      `  ${row.store.padEnd(10)} ${row.route.padEnd(18)} throughput ×${(row.rps / base.rps).toFixed(2)}  p99 ×${(row.p99 / Math.max(1, base.p99)).toFixed(2)}`,
    );
  }
  console.log(`\nAirtable fake: ${airtable.fake.refusedForRate} requests refused for rate (429)`);
} finally {
  await Promise.all(servers.map(({ server }) => server.stop()));
  await airtable.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
