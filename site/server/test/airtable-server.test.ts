// @vitest-environment node
// The server on the Airtable store, Airtable faked at the HTTP boundary with msw: a base made
// by the old site (plain-text passwords) keeps working and is upgraded on login.
import {
  Accounts,
  AirtableConnection,
  AirtableLeadStore,
  AirtableUserStore,
  OutboxFirstLeadStore,
  RateLimiter,
  SqliteStore,
} from '@voxdesk/auth';
import { createFakeAirtable } from '@voxdesk/auth/testing';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SCRYPT, startTestServer } from './harness.ts';

const fake = createFakeAirtable();
// Requests to the loopback test server pass through; only Airtable is answered by msw.
const msw = setupServer(...fake.handlers);
beforeAll(() => msw.listen({ onUnhandledFrame: 'bypass' }));
afterAll(() => msw.close());

describe('site server on Airtable', () => {
  // About 17 Airtable requests at the base's 4 per second: over 4 s by design, so the default
  // 5 s timeout failed it on a loaded machine; 20 s failed with the load average near 48.
  it(
    'logs in a legacy plain-text record, re-hashes it, and manages clients in the table',
    { timeout: 60_000 },
    async () => {
      fake.records.push({
        id: 'recLegacyAdmin0001',
        createdTime: '2024-01-01T00:00:00.000Z',
        fields: { Name: 'Old Admin', Email: 'old@example.com', Password: 'legacy-plain', Role: 'Admin' },
      });
      const state = new SqliteStore(':memory:');
      const connection = new AirtableConnection({
        baseId: fake.baseId,
        token: fake.token,
        endpointUrl: fake.endpointUrl,
        limiter: new RateLimiter({ perSecond: 4, maxQueue: 40 }),
      });
      const users = new AirtableUserStore({
        baseId: fake.baseId,
        token: fake.token,
        tableId: fake.tableId,
        connection,
      });
      const leads = new AirtableLeadStore({ connection, tableId: fake.leadsTableId });
      const accounts = new Accounts(
        {
          users,
          sessions: state,
          attempts: state,
          callReports: state.callReports,
          // As config.ts wires it: notifications through the outbox first.
          leads: new OutboxFirstLeadStore(leads, state.outbox, state.leadNotes),
          leadVisits: state.leadVisits,
          leadNotes: state.leadNotes,
          outbox: state.outbox,
          linkTokens: state.linkTokens,
          publishedSamples: state.publishedSamples,
          close: () => state.close(),
        },
        { scrypt: FAST_SCRYPT },
      );
      const server = await startTestServer({ accounts });
      try {
        const browser = server.browser();
        const login = await browser.request('POST', '/api/session', {
          json: { email: 'old@example.com', password: 'legacy-plain' },
        });
        expect(login.status).toBe(200);
        expect(await login.json()).toEqual({
          user: { id: 'recLegacyAdmin0001', name: 'Old Admin', email: 'old@example.com', role: 'Admin' },
        });
        expect(String(fake.records[0]!.fields.Password)).toMatch(/^scrypt\$N=1024,/);

        // Signed-in requests read the session from the local store and the user from a 5 s
        // cache: 20 of them spend no Airtable request; after the cache lapses, one.
        const before = fake.requests.length;
        for (let i = 0; i < 20; i++) expect((await browser.request('GET', '/api/session')).status).toBe(200);
        expect(fake.requests.length - before).toBe(0);
        server.clock.now += 5_001;
        expect((await browser.request('GET', '/api/session')).status).toBe(200);
        expect(fake.requests.length - before).toBe(1);

        // Refused logins spend none: 12 wrong guesses, only the 5 the throttle lets through look the user up.
        const guesser = server.browser();
        const beforeGuesses = fake.requests.length;
        for (let i = 0; i < 12; i++) {
          await guesser.request('POST', '/api/session', {
            json: { email: 'old@example.com', password: `guess ${i}` },
          });
        }
        expect(fake.requests.length - beforeGuesses).toBe(5);

        // In parallel too: 50 guesses at once for another email, 5 lookups, no 200.
        const racer = server.browser();
        const beforeRace = fake.requests.length;
        const statuses = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            racer
              .request('POST', '/api/session', {
                json: { email: 'someone@example.com', password: `race ${i}` },
              })
              .then((response) => response.status),
          ),
        );
        expect(statuses.filter((status) => status === 401)).toHaveLength(5);
        expect(statuses.filter((status) => status === 429)).toHaveLength(45);
        expect(fake.requests.length - beforeRace).toBe(5);

        const added = await browser.request('POST', '/api/clients', {
          json: { name: 'New Client', email: 'new@example.com', password: 'violet harbours at dusk' },
        });
        expect(added.status).toBe(201);
        const created = fake.records.find((record) => record.fields.Email === 'new@example.com')!;
        expect(created.fields).toMatchObject({ Name: 'New Client', Role: 'Client' });
        expect(created.fields.Password).not.toBe('violet harbours at dusk');

        const list = await browser.request('GET', '/api/clients');
        expect(((await list.json()) as { clients: unknown[] }).clients).toHaveLength(2);
        expect((await browser.request('DELETE', `/api/clients/${created.id}`)).status).toBe(204);
        expect(fake.records).toHaveLength(1);
        // The table's token never reaches the browser.
        expect(JSON.stringify([...browser.cookies, ...browser.setCookies])).not.toContain(fake.token);
      } finally {
        await server.close();
      }
    },
  );
});
