// @vitest-environment node
// Issue 24: "a lead posted while SMTP is down is emailed exactly once after it comes up", with
// two real site server processes on one PostgreSQL server, both delivering the one outbox.
import { startTestPostgres, type TestPostgres } from '@voxdesk/auth/testing/postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { testSmtp, type TestSmtp } from './smtp-fixture.ts';

let pg: TestPostgres;
let smtp: TestSmtp;
let instances: ServerProcess[] = [];

beforeAll(async () => {
  pg = await startTestPostgres();
  smtp = await testSmtp(); // down
  const env = {
    DATABASE_URL: pg.url,
    DATABASE_POOL_SIZE: '4',
    SESSION_SECRET: 'mail-multi-instance-secret-0123456789abcdef',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner password for the mail test',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Voxdesk <leads@voxdesk.test>',
    MAIL_RETRY_SECONDS: '1',
    LEADS_PER_HOUR: '20',
  };
  instances = await Promise.all([startServerProcess('A', env), startServerProcess('B', env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await smtp?.down();
  await pg?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms`);
    await sleep(100);
  }
}

it('leads posted to either instance while SMTP is down are each emailed exactly once after it comes up', async () => {
  const visitors = ['ana@example.al', 'ben@example.com', 'cleo@example.com', 'dan@example.com'];
  // One form token per lead, then a person's typing time (the form's minimum is 3 s).
  const tokens = await Promise.all(
    visitors.map(async (_, i) => {
      const instance = instances[i % 2]!;
      const response = await fetch(`${instance.url}/api/leads/form-token`);
      return ((await response.json()) as { token: string }).token;
    }),
  );
  await sleep(3_100);
  for (const [i, email] of visitors.entries()) {
    const instance = instances[i % 2]!;
    const response = await fetch(`${instance.url}/api/leads`, {
      method: 'POST',
      headers: { origin: instance.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Visitor ${i}`,
        email,
        language: i === 0 ? 'sq' : 'en',
        sourcePage: '/',
        formToken: tokens[i],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  }
  // Both instances try, fail (connection refused) and back off.
  await until(() => instances.every((i) => /not delivered, retrying/.test(i.output())), 15_000);
  expect(smtp.received).toEqual([]);

  await smtp.up();
  const expected = visitors.length * 2; // the owner's mail and the visitor's confirmation
  await until(() => smtp.received.length >= expected, 30_000);
  // Both instances keep polling: give them time to (wrongly) send anything twice.
  await sleep(4_000);
  expect(smtp.received).toHaveLength(expected);
  expect([...smtp.copies().values()]).toEqual(Array(expected).fill(1));
  expect(smtp.received.filter((m) => m.to.includes('owner@example.com'))).toHaveLength(visitors.length);
  for (const email of visitors) expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
}, 90_000);

it('one address posting to both instances at once makes one lead: the owner is told once, then of a repeat', async () => {
  const email = 'twice@example.com';
  const tokens = await Promise.all(
    instances.map(async (instance) => {
      const response = await fetch(`${instance.url}/api/leads/form-token`);
      return ((await response.json()) as { token: string }).token;
    }),
  );
  await sleep(3_100);
  const before = smtp.received.length;
  const answers = await Promise.all(
    instances.map((instance, i) =>
      fetch(`${instance.url}/api/leads`, {
        method: 'POST',
        headers: { origin: instance.url, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Twice Visitor',
          email: i === 0 ? email : ' TWICE@Example.com ',
          message: `Sent to instance ${i}`,
          language: 'en',
          sourcePage: '/',
          formToken: tokens[i],
        }),
      }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual([201, 201]);
  const ownerMail = () => smtp.received.slice(before).filter((m) => m.to.includes('owner@example.com'));
  await until(() => ownerMail().length >= 2, 30_000);
  await sleep(2_000);
  const subjects = ownerMail()
    .map((m) => m.headers.subject)
    .sort();
  expect(subjects).toEqual(['New lead: Twice Visitor', 'Repeat request (2nd): Twice Visitor']);
  // The visitor is confirmed each time (within the per-address daily limit).
  expect(smtp.received.slice(before).filter((m) => m.to.includes(email))).toHaveLength(2);
}, 90_000);
