// @vitest-environment node
// The site-wide lead cap (issue 26 M5): a flood from many addresses is stored in full, the
// leads over the cap held without mail; an Admin's release mails each one once, through the
// outbox and a real SMTP server on loopback.
import { describe, expect, it } from 'vitest';
import type { LeadRecord } from '@voxdesk/auth';
import { admin, loggedIn, type Browser, type TestServer } from './harness.ts';
import { flushMail, ownerMails, startWithMail } from './mail-fixture.ts';

const SITE_CAP = 6;
const FLOOD = 40;
const AT_ONCE = 8;

const leadOf = (n: number) => ({
  name: `Flood Lead ${n}`,
  email: `lead${n}@example.com`,
  company: null,
  message: `Request number ${n}`,
  language: 'en',
  sourcePage: '/',
});

/** `n` form tokens (one per post), then the clock moved past the minimum fill time. */
async function tokens(s: TestServer, browser: Browser, n: number): Promise<string[]> {
  const list: string[] = [];
  for (let i = 0; i < n; i++) {
    const response = await browser.request('GET', '/api/leads/form-token');
    list.push(((await response.json()) as { token: string }).token);
  }
  s.clock.now += 5_000;
  return list;
}

const allLeads = async (s: TestServer): Promise<LeadRecord[]> =>
  (await s.store.leads.listLeads({ limit: 100 })).leads;

describe('the site-wide lead cap (LEADS_SITE_PER_HOUR)', () => {
  it('a flood from many addresses: every lead stored, those over the cap held, one mail per released lead', async () => {
    const { s, mailServer: smtp } = await startWithMail({
      trustProxy: true,
      leads: {
        perAddress: { limit: 3, windowMs: 60 * 60_000 },
        perSite: { limit: SITE_CAP, windowMs: 60 * 60_000 },
      },
    });
    const visitor = s.browser();
    const formTokens = await tokens(s, visitor, FLOOD);

    // 40 leads from 40 addresses, 8 at a time: no address is over its own limit.
    const statuses: number[] = [];
    for (let start = 0; start < FLOOD; start += AT_ONCE) {
      const batch = Array.from({ length: AT_ONCE }, (_, i) => start + i);
      const answers = await Promise.all(
        batch.map((n) =>
          visitor.request('POST', '/api/leads', {
            json: { ...leadOf(n), formToken: formTokens[n] },
            headers: { 'x-forwarded-for': `198.51.100.${n + 1}` },
          }),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    // Every visitor is told the same: nothing is dropped, nothing tells a bot it was held.
    expect(statuses).toEqual(Array(FLOOD).fill(201));

    const stored = await allLeads(s);
    expect(stored).toHaveLength(FLOOD);
    expect(new Set(stored.map((l) => l.email)).size).toBe(FLOOD);
    const held = stored.filter((l) => l.status === 'held');
    expect(held).toHaveLength(FLOOD - SITE_CAP);
    expect(stored.filter((l) => l.status === 'new')).toHaveLength(SITE_CAP);

    // Mail goes out for the leads under the cap only.
    await flushMail(s);
    expect(ownerMails(smtp)).toHaveLength(SITE_CAP);
    const newEmails = stored.filter((l) => l.status === 'new').map((l) => l.email);
    expect(
      ownerMails(smtp)
        .map((m) => m.headers['reply-to'])
        .sort(),
    ).toEqual(newEmails.sort());
    // No confirmation went to a held lead's address either.
    const heldEmails = new Set(held.map((l) => l.email));
    expect(smtp.received.filter((m) => m.to.some((to) => heldEmails.has(to)))).toEqual([]);

    // The Leads screen lists and filters them.
    const ada = await loggedIn(s, admin);
    const listed = await ada.request('GET', '/api/leads?status=held&limit=100');
    expect(listed.status).toBe(200);
    const heldIds = ((await listed.json()) as { leads: LeadRecord[] }).leads.map((l) => l.id);
    expect(heldIds.sort()).toEqual(held.map((l) => l.id).sort());

    // Releasing three (one of them twice at once): each mails the owner exactly once.
    const [first, second, third] = held;
    const releases = await Promise.all([
      ada.request('POST', `/api/leads/${first!.id}/release`),
      ada.request('POST', `/api/leads/${first!.id}/release`),
      ada.request('POST', `/api/leads/${second!.id}/release`),
      ada.request('POST', `/api/leads/${third!.id}/release`),
    ]);
    expect(releases.map((r) => r.status).sort()).toEqual([200, 200, 200, 409]);
    const released = await ada.request('POST', `/api/leads/${second!.id}/release`);
    expect(released.status).toBe(409);
    expect(await released.json()).toMatchObject({ error: expect.stringContaining('not held') });
    await flushMail(s);
    const owner = ownerMails(smtp);
    expect(owner).toHaveLength(SITE_CAP + 3);
    for (const lead of [first!, second!, third!]) {
      expect(owner.filter((m) => m.headers['reply-to'] === lead.email)).toHaveLength(1);
      expect(await s.store.leads.findLead(lead.id)).toMatchObject({ status: 'new' });
    }
    expect(await s.store.leads.countLeads({ status: 'held' })).toBe(FLOOD - SITE_CAP - 3);

    // `held` is the cap's: an Admin cannot set it, and closing a held lead mails nobody.
    const setHeld = await ada.request('PATCH', `/api/leads/${first!.id}`, { json: { status: 'held' } });
    expect(setHeld.status).toBe(400);
    const closed = await ada.request('PATCH', `/api/leads/${held[3]!.id}`, { json: { status: 'closed' } });
    expect(closed.status).toBe(200);
    await flushMail(s);
    expect(ownerMails(smtp)).toHaveLength(SITE_CAP + 3);
    // Clients cannot release.
    expect((await s.browser().request('POST', `/api/leads/${held[4]!.id}/release`)).status).toBe(401);
  }, 120_000);
});
