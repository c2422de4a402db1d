// @vitest-environment node
// Issue 26 (H1, H3, M1, M2): the login throttle and the hashing queue against a signed-in
// guesser, an address-rotating flood and an owner who simply logs in often. Timings of the
// flood are a benchmark (site/bench), not asserted here.
import { hashPassword, type AttemptStore } from '@voxdesk/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { HashGate } from '../hash-gate.ts';
import { LoginThrottle } from '../throttle.ts';
import { admin, client, FAST_SCRYPT, loggedIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const login = (s: TestServer, who: { email: string; password: string }, from?: string) =>
  s.browser().request('POST', '/api/session', {
    json: who,
    ...(from ? { headers: { 'x-forwarded-for': from } } : {}),
  });

const count = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {});

describe('the password change is throttled like a login (H1)', () => {
  it('a session gets 5 wrong current passwords, then 429 even with the right one', async () => {
    server = await startTestServer();
    const carl = await loggedIn(server, client);
    const change = (currentPassword: string) =>
      carl.request('POST', '/api/session/password', {
        json: { currentPassword, newPassword: 'a brand new passphrase' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await change(`guess number ${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const right = await change(client.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await right.json()).toMatchObject({ field: 'currentPassword' });
    // The login of the same account from another session still works.
    expect((await login(server, client)).status).toBe(200);
  });

  it("20 parallel wrong changes from one session leave every other user's login alone", async () => {
    // Three hashing slots and room in the queue for all 18 logins. The changes that get in
    // hold their slots until every login has answered: with one account's lane capped at 2
    // places, a slot stays free for the logins; without the cap the changes take all three
    // and no login is ever checked (the test then times out).
    server = await startTestServer({
      trustProxy: true,
      hashGate: new HashGate({ concurrency: 3, reserved: 0, maxQueue: 17 }),
    });
    const hash = await hashPassword('another real password', FAST_SCRYPT);
    const others = await Promise.all(
      Array.from({ length: 18 }, (_, n) =>
        server!.store.users.create({ name: `U${n}`, email: `user${n}@example.com`, password: hash }),
      ),
    );
    const carl = await loggedIn(server, client);
    let release!: () => void;
    const loginsAnswered = new Promise<void>((resolve) => (release = resolve));
    let changesHashing = 0;
    let changesEntered!: () => void;
    const twoChangesHashing = new Promise<void>((resolve) => (changesEntered = resolve));
    const change = server.accounts.changePassword.bind(server.accounts);
    server.accounts.changePassword = async (...args) => {
      if (++changesHashing === 2) changesEntered();
      await loginsAnswered;
      return change(...args);
    };
    const changes = Array.from({ length: 20 }, (_, i) =>
      carl.request('POST', '/api/session/password', {
        json: { currentPassword: `wrong ${i}`, newPassword: 'a brand new passphrase' },
      }),
    );
    await twoChangesHashing;
    const logins = others.map((u, n) =>
      login(server!, { email: u.email, password: 'another real password' }, `198.51.100.${n + 1}`),
    );
    const loginStatuses = (await Promise.all(logins)).map((r) => r.status);
    release();
    const changeStatuses = (await Promise.all(changes)).map((r) => r.status);
    expect(loginStatuses).toEqual(others.map(() => 200));
    expect(changesHashing).toBe(2);
    expect(count(changeStatuses)[400]).toBe(2);
    expect(changeStatuses.every((s) => [400, 429, 503].includes(s))).toBe(true);
  });
});

describe('floods hurt the flooder, not the holder (H3, M1, M2)', () => {
  it('503s from a full hashing queue never count against the pair', async () => {
    server = await startTestServer({ hashGate: new HashGate({ concurrency: 1, reserved: 0, maxQueue: 0 }) });
    // The Admin's login holds the one hashing slot until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const slotTaken = new Promise<void>((resolve) => (holding = resolve));
    const authenticate = server.accounts.authenticate.bind(server.accounts);
    server.accounts.authenticate = (email, password, run) =>
      authenticate(email, password, (check) =>
        run!(async () => {
          if (email === admin.email) {
            holding();
            await held;
          }
          return check();
        }),
      );
    const adminLogin = login(server, admin);
    // Once the Admin's check holds the slot (a 200 ms sleep did not always get it there at load).
    await slotTaken;
    const browser = server.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await browser.request('POST', '/api/session', { json: client })).status);
    }
    expect(count(statuses)).toEqual({ 503: 10 });
    release();
    expect((await adminLogin).status).toBe(200);
    // After ten 503s, the holder's own (account, address) pair is not blocked.
    expect((await browser.request('POST', '/api/session', { json: client })).status).toBe(200);
  });

  it('successful logins do not count against the address (the 51st is a 200)', async () => {
    server = await startTestServer();
    const statuses: number[] = [];
    for (let i = 0; i < 55; i++) statuses.push((await login(server, client)).status);
    expect(count(statuses)).toEqual({ 200: 55 });
  });

  it("a flood on the account from many addresses does not slow the owner's known address", async () => {
    // The test server's own store, reached once it exists.
    const attempts: AttemptStore = {
      hitAttempt: (...args) => server!.store.hitAttempt(...args),
      undoAttempt: (...args) => server!.store.undoAttempt(...args),
      peekAttempt: (...args) => server!.store.peekAttempt(...args),
      clearAttempts: (...args) => server!.store.clearAttempts(...args),
    };
    const throttle = new LoginThrottle(attempts, {
      perAccount: { limit: 4, windowMs: 15 * 60_000 },
      maxDelayMs: 2_000,
      now: () => server!.clock.now,
    });
    server = await startTestServer({ trustProxy: true, throttle });
    // The owner logged in from home before the flood.
    expect((await login(server, admin, '192.0.2.10')).status).toBe(200);
    // 2 attackers × 5 wrong passwords, one at a time (each really checked): 10 failures on
    // the account, past its limit of 4.
    for (const a of [1, 2]) {
      for (let i = 0; i < 5; i++) {
        await login(server, { email: admin.email, password: `wrong ${a}.${i}` }, `203.0.113.${a}`);
      }
    }
    // The wait each login was given, as the throttle decided it: a loaded machine's clock can
    // make an undelayed login look slow, never a delayed one look fast.
    const delays: number[] = [];
    const reserve = throttle.reserve.bind(throttle);
    throttle.reserve = async (...args) => {
      const reservation = await reserve(...args);
      if (reservation.allowed) delays.push(reservation.delayMs);
      return reservation;
    };
    expect((await login(server, admin, '192.0.2.10')).status).toBe(200);
    expect(delays).toEqual([0]);
    // A new address is slowed (the account is under attack): the delay is real.
    const started = performance.now();
    expect((await login(server, admin, '192.0.2.99')).status).toBe(200);
    expect(delays).toEqual([0, 2_000]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    // Attempts refused for a blocked pair do not escalate the account's delay.
    for (let i = 0; i < 8; i++)
      await login(server, { email: client.email, password: `no ${i}` }, '203.0.113.9');
    expect(await server.store.peekAttempt(`account:${client.email}`, server.clock.now)).toBe(5);
  }, 30_000);

  it('IPv6 addresses of one /64 share a bucket (X-Forwarded-For behind TRUST_PROXY)', async () => {
    server = await startTestServer({ trustProxy: true });
    const statuses: number[] = [];
    for (let i = 1; i <= 51; i++) {
      const from = `2001:db8:7:9:${i.toString(16)}::${(i * 7).toString(16)}`;
      statuses.push(
        (await login(server, { email: `nobody${i}@example.com`, password: 'guess' }, from)).status,
      );
    }
    expect(count(statuses)).toEqual({ 401: 50, 429: 1 });
    // Another /64 of the same /48 is another subscriber.
    expect((await login(server, client, '2001:db8:7:a::1')).status).toBe(200);
  });
});
