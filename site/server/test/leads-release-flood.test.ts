// @vitest-environment node
// POST /api/leads/:id/release under fire (issue 23's review): many held leads released in
// bounded parallel batches, one lead released by many requests at once, hostile ids, and
// requests without an Admin session or from another site. Real SQLite, the real outbox and a
// real SMTP server on loopback; the invariant is always "one owner mail per released lead".
import { describe, expect, it } from 'vitest';
import type { LeadRecord, NewLead } from '@voxdesk/auth';
import { ORIGIN_REFUSED } from '../origin-check.ts';
import { admin, client, loggedIn, type Browser, type TestServer } from './harness.ts';
import { flushMail, ownerMails, startWithMail } from './mail-fixture.ts';
import type { TestSmtp } from './smtp-fixture.ts';

/**
 * Held leads released in the many-leads flood, and how many requests run at once: two full
 * batches, so a release in one batch runs beside another lead's release and after a batch has
 * finished. 48 leads (6 batches) delivered 48 mails one by one for the same checks.
 */
const MANY = 16;
const AT_ONCE = 8;
/** Requests that release the same lead at the same moment. */
const SAME_LEAD = 16;

/** Held leads as the site-wide cap stores them (the same store call the lead route makes). */
async function heldLeads(s: TestServer, n: number, tag: string): Promise<LeadRecord[]> {
  const leads: LeadRecord[] = [];
  for (let i = 0; i < n; i++) {
    const lead: NewLead = {
      name: `Held ${tag} ${i}`,
      email: `held-${tag}-${i}@example.com`,
      company: null,
      phone: null,
      message: `Held request ${i}`,
      slot: null,
      timeZone: null,
      language: 'en',
      sourcePage: '/',
    };
    leads.push(await s.store.leads.createLead(lead, s.clock.now, undefined, 'held'));
  }
  return leads;
}

/** Owner mails by the lead address they reply to, once the outbox has run. */
async function ownerMailsByLead(s: TestServer, mailServer: TestSmtp): Promise<Map<string, number>> {
  await flushMail(s);
  const counts = new Map<string, number>();
  for (const mail of ownerMails(mailServer)) {
    const lead = mail.headers['reply-to'] ?? '';
    counts.set(lead, (counts.get(lead) ?? 0) + 1);
  }
  return counts;
}

const release = (browser: Browser, id: string, options?: Parameters<Browser['request']>[2]) =>
  browser.request('POST', `/api/leads/${id}/release`, options);

describe('POST /api/leads/:id/release under fire', () => {
  it(`${MANY} held leads released ${AT_ONCE} at a time: all new, one owner mail each`, async () => {
    const { s, mailServer } = await startWithMail();
    const leads = await heldLeads(s, MANY, 'many');
    const ada = await loggedIn(s, admin);

    const statuses: number[] = [];
    for (let first = 0; first < MANY; first += AT_ONCE) {
      const batch = leads.slice(first, first + AT_ONCE);
      const answers = await Promise.all(batch.map((lead) => release(ada, lead.id)));
      for (const [i, answer] of answers.entries()) {
        statuses.push(answer.status);
        expect(await answer.json()).toMatchObject({ lead: { id: batch[i]!.id, status: 'new' } });
      }
    }
    expect(statuses).toEqual(Array(MANY).fill(200));
    expect(await s.store.leads.countLeads({ status: 'held' })).toBe(0);
    expect(await s.store.leads.countLeads({ status: 'new' })).toBe(MANY);

    const mails = await ownerMailsByLead(s, mailServer);
    expect([...mails.keys()].sort()).toEqual(leads.map((lead) => lead.email).sort());
    expect(new Set(mails.values())).toEqual(new Set([1]));
    // Each release is in the lead's log once, by the Admin who did it.
    const logs = await Promise.all(leads.map((lead) => s.store.leadNotes.listLeadNotes(lead.id, 10)));
    for (const log of logs) expect(log.filter((note) => note.kind === 'status')).toHaveLength(1);
  }, 120_000);

  it(`one held lead released by ${SAME_LEAD} requests at once: one 200, the rest 409, one mail`, async () => {
    const { s, mailServer } = await startWithMail();
    const [lead] = await heldLeads(s, 1, 'once');
    // Two Admin tabs' worth of sessions: the race is between requests, not within one session.
    const sessions = [await loggedIn(s, admin), await loggedIn(s, admin)];
    const answers = await Promise.all(
      Array.from({ length: SAME_LEAD }, (_, i) => release(sessions[i % 2]!, lead!.id)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(SAME_LEAD - 1);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(await answer.json()).toEqual({
        error: expect.stringContaining('is not held for review (it may have been released already)'),
      });
    expect(await ownerMailsByLead(s, mailServer)).toEqual(new Map([[lead!.email, 1]]));
    const log = await s.store.leadNotes.listLeadNotes(lead!.id, 50);
    expect(log.filter((note) => note.kind === 'status')).toHaveLength(1);
  }, 60_000);

  it('hostile ids: a clear 400 or 404, nothing released, nothing mailed', async () => {
    const { s, mailServer } = await startWithMail();
    const [lead] = await heldLeads(s, 1, 'hostile');
    const ada = await loggedIn(s, admin);
    const malformed = [
      '..%2F..%2Fetc%2Fpasswd',
      `${lead!.id}%27%20OR%20%271%27%3D%271`,
      '%00',
      'x'.repeat(65),
      '%F0%9F%90%9D',
      `${lead!.id}%20`,
      '*',
    ];
    const answers = await Promise.all(malformed.map((id) => release(ada, id)));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, malformed[i]).toBe(400);
      expect(await answer.json(), malformed[i]).toEqual({
        error: 'That is not a lead id. Reload the list and try again.',
        field: 'id',
      });
    }
    // Well-formed but nobody's: not found, said plainly.
    const unknown = await release(ada, 'no-such-lead-0000');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: expect.stringContaining('no-such-lead-0000') });
    // A path that leaves the route, or a body where none is read, changes nothing either.
    expect((await ada.request('POST', `/api/leads/${lead!.id}/release/extra`)).status).toBe(404);
    expect((await release(ada, lead!.id, { json: { status: 'new', id: 'other' } })).status).toBe(200);
    expect(await release(ada, lead!.id).then((r) => r.status)).toBe(409);

    expect(await s.store.leads.countLeads({ status: 'held' })).toBe(0);
    expect(await ownerMailsByLead(s, mailServer)).toEqual(new Map([[lead!.email, 1]]));
  }, 60_000);

  it('without an Admin session or from another site: refused, the lead stays held, no mail', async () => {
    const { s, mailServer } = await startWithMail();
    const [lead] = await heldLeads(s, 1, 'refused');
    const id = lead!.id;
    const anonymous = s.browser();
    const carl = await loggedIn(s, client);
    const ada = await loggedIn(s, admin);

    const refusals = await Promise.all([
      release(anonymous, id),
      release(carl, id),
      release(ada, id, { origin: 'https://evil.example' }),
      release(ada, id, { origin: null }),
      release(ada, id, { origin: 'null' }),
      release(s.browser(), id, { headers: { cookie: 'voxdesk_session=forged.signature' } }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([401, 403, 403, 403, 403, 401]);
    for (const refusal of refusals.slice(2, 5))
      expect(await refusal.json()).toEqual({ error: ORIGIN_REFUSED });

    expect(await s.store.leads.findLead(id)).toMatchObject({ status: 'held' });
    expect(await ownerMailsByLead(s, mailServer)).toEqual(new Map());
    // The Admin's own request from the site still works afterwards.
    expect((await release(ada, id)).status).toBe(200);
    expect(await ownerMailsByLead(s, mailServer)).toEqual(new Map([[lead!.email, 1]]));
  }, 60_000);
});
