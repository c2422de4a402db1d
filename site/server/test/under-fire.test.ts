// @vitest-environment node
// The attacks of issue 12, against a real server on loopback: parallel guessing, a hashing
// flood, revocation, and hostile input on every /api route. Figures go to docs/security.md.
import { hashPassword } from '@voxdesk/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { HashGate } from '../hash-gate.ts';
import { DEFAULT_PER_IP } from '../throttle.ts';
import { admin, client, loggedIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('under fire', () => {
  it('200 parallel guesses with the correct password among them: no 200, at most 5 checked', async () => {
    server = await startTestServer();
    const checked: string[] = [];
    const authenticate = server.accounts.authenticate.bind(server.accounts);
    server.accounts.authenticate = (email, password) => {
      checked.push(password);
      return authenticate(email, password);
    };
    const browser = server.browser();
    // All 200 in flight at once; the correct one is sent last, as a guesser's lucky try would be.
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 199 ? client.password : `wrong guess ${i}`));
    const statuses = await Promise.all(
      guesses.map(async (password) => {
        const response = await browser.request('POST', '/api/session', {
          json: { email: client.email, password },
        });
        return response.status;
      }),
    );
    console.log(
      `race: ${checked.length} of 200 guesses checked; statuses ${JSON.stringify(count(statuses))}`,
    );
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked).not.toContain(client.password);
    expect(statuses).not.toContain(200);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(195);
  });

  // How fast the real login is goes to the benchmark gate (site/bench/login-flood.ts: ≥ 95 %
  // under 2 s); here, on a CI machine at any load, it must get through at all, while the flood
  // is still being checked with full scrypt.
  it('a real login gets through during 20 connections of bad logins on real scrypt', async () => {
    // The gate's own order of events, per lane (`account:<email>`): counted in hashes the gate
    // starts, not in responses the test happens to have read, so it holds at any load.
    const events: { lane: string | undefined; event: 'enter' | 'start' | 'end' }[] = [];
    class RecordingGate extends HashGate {
      override run<T>(priority: number, task: () => Promise<T>, lane?: string): Promise<T> {
        events.push({ lane, event: 'enter' });
        return super.run(
          priority,
          async () => {
            events.push({ lane, event: 'start' });
            try {
              return await task();
            } finally {
              events.push({ lane, event: 'end' });
            }
          },
          lane,
        );
      }
    }
    server = await startTestServer({ trustProxy: true, hashGate: new RecordingGate() });
    const realCost = 'flood victim password';
    await server.store.users.setPassword(server.clientId, await hashPassword(realCost));
    // 60 other real accounts (one hash, stored 60 times). Each attacker keeps one address and
    // cycles through them, so neither its (account, address) pairs nor the accounts run out
    // soon; on 503 it waits the Retry-After, as a patient attacker would, to keep its quota.
    const realHash = await hashPassword('another real password');
    const targets: { email: string }[] = [];
    for (let n = 0; n < 60; n++) {
      targets.push(
        await server.store.users.create({
          name: `T${n}`,
          email: `target${n}@example.com`,
          password: realHash,
        }),
      );
    }
    let stop = false;
    const statuses: number[] = [];
    // Every attacker address is past its first 3 counted attempts before the flood: up to 3, an
    // address counts as fresh, like the real user's, and may take the kept slot. Waiting for the
    // flood to get them there did not hold: an address refused with 503s stays at 0 (a 503 is
    // taken back), and at load 25, 8 of the 20 were still fresh after 80 s.
    const ATTACKERS = 20;
    for (let n = 0; n < ATTACKERS; n++) {
      for (let i = 0; i < 3; i++) {
        await server.store.hitAttempt(`ip:10.6.6.${n}`, DEFAULT_PER_IP.windowMs, server.clock.now);
      }
    }
    let overflowed!: () => void;
    const queueOverflowed = new Promise<void>((resolve) => (overflowed = resolve));
    const attacker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const response = await fetch(`${server!.url}/api/session`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: server!.url,
            'x-forwarded-for': `10.6.6.${n}`,
          },
          body: JSON.stringify({ email: targets[(n * 3 + i) % 60]!.email, password: `bad ${n}/${i}` }),
        }).catch(() => undefined); // the server closing at the end of the test
        if (!response) return;
        statuses.push(response.status);
        if (response.status === 503) overflowed();
        await response.arrayBuffer();
        if (response.status === 503) {
          await new Promise((resolve) =>
            setTimeout(resolve, 1000 * Number(response.headers.get('retry-after'))),
          );
        }
      }
    };
    const flood = Array.from({ length: ATTACKERS }, (_, n) => attacker(n));
    // Measure once the queue has overflowed: held by the flood itself, not a clock (the old
    // 10 s cap could measure a flood not yet under way; the test's limit stops one that never is).
    await queueOverflowed;
    const checkedBefore = statuses.filter((status) => status === 401).length;
    const latencies: number[] = [];
    const realLane = `account:${client.email}`;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': `192.0.2.${i}`,
        },
        body: JSON.stringify({ email: client.email, password: realCost }),
      });
      latencies.push(Math.round(performance.now() - started));
      expect(response.status).toBe(200);
    }
    // The flood was still being checked (full scrypt) while the real logins ran.
    const checkedDuring = statuses.filter((status) => status === 401).length - checkedBefore;
    stop = true;
    await Promise.all(flood);
    // Between each real login entering the gate and its hash starting: how many attacker hashes
    // the gate started (it must start none: a fresh address is never queued behind the flood)
    // and finished (at most the one already running when the real login came).
    const waits: { started: number; finished: number }[] = [];
    events.forEach(({ lane, event }, at) => {
      if (lane !== realLane || event !== 'enter') return;
      const begins = events.findIndex((e, after) => after > at && e.lane === realLane && e.event === 'start');
      const between = events.slice(at + 1, begins).filter((e) => e.lane !== realLane);
      waits.push({
        started: between.filter((e) => e.event === 'start').length,
        finished: between.filter((e) => e.event === 'end').length,
      });
    });
    console.log(
      `flood: real login ${latencies.join(', ')} ms, waiting for ${JSON.stringify(waits)} attacker hashes; ${checkedDuring} attacker passwords checked meanwhile; attacker statuses ${JSON.stringify(count(statuses))}`,
    );
    expect(checkedDuring).toBeGreaterThan(0);
    expect(waits).toHaveLength(3);
    for (const wait of waits) {
      expect(wait.started).toBe(0);
      expect(wait.finished).toBeLessThanOrEqual(1);
    }
  }, 90_000);

  it('logout and a password change end the session on the server, not only in the browser', async () => {
    server = await startTestServer();
    const browser = await loggedIn(server, client);
    const kept = new Map(browser.cookies);
    expect((await browser.request('DELETE', '/api/session')).status).toBe(204);
    const replay = server.browser();
    for (const [name, value] of kept) replay.cookies.set(name, value);
    expect((await replay.request('GET', '/api/session')).status).toBe(401);

    const laptop = await loggedIn(server, client);
    const phone = await loggedIn(server, client);
    const change = await laptop.request('POST', '/api/session/password', {
      json: { currentPassword: client.password, newPassword: 'a brand new long passphrase' },
    });
    expect(change.status).toBe(200);
    expect((await phone.request('GET', '/api/session')).status).toBe(401);
    expect((await laptop.request('GET', '/api/session')).status).toBe(200);
  });

  it('1,000 hostile requests over every /api route: no 5xx, and the server still answers', async () => {
    server = await startTestServer();
    const signedIn = await loggedIn(server, admin);
    const anonymous = server.browser();
    const random = seeded(12);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const id = () => pick([server!.clientId, 'usr_nope', '..', '%00', 'a'.repeat(80), '🙂', "rec' OR 1"]);
    const routes = [
      ['POST', '/api/session'],
      ['GET', '/api/session'],
      ['DELETE', '/api/session'],
      ['POST', '/api/session/password'],
      [
        'GET',
        `/api/clients?limit=${pick(['0', '-1', '1e9', 'abc', '50', ''])}&after=${pick(['x', '%FF', '99999', ''])}`,
      ],
      ['POST', '/api/clients'],
      ['PUT', () => `/api/clients/${encodeURIComponent(id())}/password`],
      ['DELETE', () => `/api/clients/${encodeURIComponent(id())}`],
      ['GET', '/api/config'],
      ['GET', '/api/admin/demo-calls'],
      ['PATCH', '/api/session'],
    ] as const;
    const values = [
      null,
      true,
      0,
      -1,
      1e308,
      '',
      'x'.repeat(5000),
      [],
      {},
      [[[[]]]],
      { __proto__: { a: 1 } },
    ];
    const body = (): { body?: string; json?: unknown; headers?: Record<string, string> } => {
      switch (Math.floor(random() * 6)) {
        case 0:
          return {
            json: {
              email: pick(values),
              password: pick(values),
              name: pick(values),
              newPassword: pick(values),
              currentPassword: pick(values),
            },
          };
        case 1:
          return { body: '{"email": "a@b.c", "password": ', headers: { 'content-type': 'application/json' } };
        case 2:
          return { body: 'x'.repeat(20_000), headers: { 'content-type': 'application/json' } };
        case 3:
          return {
            body: '\uFFFD\u0000\uD800',
            headers: { 'content-type': 'application/json; charset=latin1' },
          };
        case 4:
          return {
            body: 'email=a%40b.c&password=x',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          };
        default:
          return { json: pick(values) };
      }
    };
    const statuses: number[] = [];
    for (let batch = 0; batch < 250; batch++) {
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          const [method, path] = pick(routes);
          // The signed-in half never logs itself out, so Admin routes stay under fire throughout.
          const who =
            random() < 0.5 && !(method === 'DELETE' && path === '/api/session') ? signedIn : anonymous;
          const withBody = method === 'GET' ? {} : body();
          const response = await who.request(method, typeof path === 'function' ? path() : path, withBody);
          statuses.push(response.status);
          await response.arrayBuffer();
        }),
      );
    }
    console.log(`hostile: ${statuses.length} requests, statuses ${JSON.stringify(count(statuses))}`);
    expect(statuses).toHaveLength(1_000);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect((await server.browser().request('GET', '/api/config')).status).toBe(200);
  }, 20_000);
});

function count(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/** mulberry32: the same 1,000 requests on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
