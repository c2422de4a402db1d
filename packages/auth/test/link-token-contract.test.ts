import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LINK_LIFETIME_MS, linkTokenHash, newLinkToken, type NewLinkToken } from '../src/link-tokens.ts';
import { airtableHarness, closeMsw, postgresHarness, sqliteHarness, type StoreHarness } from './stores.ts';

afterAll(closeMsw);

const T0 = Date.parse('2026-11-26T08:00:00.000Z');

const link = (token: string, userId = 'usr_1', purpose: 'invite' | 'reset' = 'invite'): NewLinkToken => ({
  hash: linkTokenHash(token),
  userId,
  purpose,
  createdAt: T0,
  expiresAt: T0 + LINK_LIFETIME_MS,
});

const inviteMail = {
  topic: 'invite',
  payload: { kind: 'email' as const, to: 'carl@example.com', subject: 'Invite', text: 't', html: '<p>t</p>' },
};

describe.each([
  ['Airtable mode (local SQLite file)', () => airtableHarness({ pageSize: 100 })],
  ['SQLite (temp file)', () => sqliteHarness()],
  ['PostgreSQL (real server)', () => postgresHarness()],
])('LinkTokenStore contract: %s', (_name, makeHarness) => {
  let harness: StoreHarness;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(() => harness.dispose());
  const tokens = () => harness.store.linkTokens;

  it('a link works once, and its mail is queued with it', async () => {
    const token = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await tokens().issueLinkToken(link(token), [inviteMail]);
    expect((await harness.store.outbox.summary()).waiting).toBe(1);
    const uses = await Promise.all([
      tokens().consumeLinkToken(linkTokenHash(token), T0 + 1),
      tokens().consumeLinkToken(linkTokenHash(token), T0 + 1),
    ]);
    expect(uses.filter(Boolean)).toEqual([{ userId: 'usr_1', purpose: 'invite' }]);
    expect(await tokens().consumeLinkToken(linkTokenHash(token), T0 + 2)).toBeUndefined();
  });

  it('expires after 72 hours; an unknown token is nothing', async () => {
    const token = newLinkToken();
    await tokens().issueLinkToken(link(token), []);
    expect(await tokens().consumeLinkToken(linkTokenHash(token), T0 + LINK_LIFETIME_MS)).toBeUndefined();
    expect(await tokens().consumeLinkToken(linkTokenHash('made-up'), T0)).toBeUndefined();
  });

  it('a new link revokes the older one of the same user and purpose only', async () => {
    const [old, fresh, reset, other] = [newLinkToken(), newLinkToken(), newLinkToken(), newLinkToken()];
    await tokens().issueLinkToken(link(old), []);
    await tokens().issueLinkToken(link(reset, 'usr_1', 'reset'), []);
    await tokens().issueLinkToken(link(other, 'usr_2'), []);
    await tokens().issueLinkToken(link(fresh), []);
    expect(await tokens().consumeLinkToken(linkTokenHash(old), T0 + 1)).toBeUndefined();
    expect(await tokens().consumeLinkToken(linkTokenHash(fresh), T0 + 1)).toEqual({
      userId: 'usr_1',
      purpose: 'invite',
    });
    expect(await tokens().consumeLinkToken(linkTokenHash(reset), T0 + 1)).toEqual({
      userId: 'usr_1',
      purpose: 'reset',
    });
    expect(await tokens().consumeLinkToken(linkTokenHash(other), T0 + 1)).toEqual({
      userId: 'usr_2',
      purpose: 'invite',
    });
  });
});
