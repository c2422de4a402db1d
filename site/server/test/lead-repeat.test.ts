// @vitest-environment node
// Issue 24: one lead per person. A second request from an address with an open lead joins
// that lead (counted, logged, new to the owner again); the owner is told it is a repeat.
import { describe, expect, it } from 'vitest';
import { admin, loggedIn } from './harness.ts';
import { booking, from, freshTokens, server, storedLeads, useLeadsServer } from './leads-fixture.ts';

useLeadsServer();

async function post(token: string, body: Record<string, unknown>, ip: string) {
  return server
    .browser()
    .request('POST', '/api/leads', { json: { ...body, formToken: token }, headers: from(ip) });
}

describe('repeat requests', () => {
  it('a second booking from the same address joins the lead, is logged and counts as new again', async () => {
    const owner = await loggedIn(server, admin);
    expect((await owner.request('POST', '/api/leads/visit')).status).toBe(200);
    const [first, second] = await freshTokens(server.browser(), 2);
    expect((await post(first!, booking, '203.0.113.1')).status).toBe(201);
    server.clock.now += 31 * 60_000; // past the visit gap: the next look is a new visit
    expect((await owner.request('POST', '/api/leads/visit')).status).toBe(200);
    server.clock.now += 60_000;
    const again = {
      ...booking,
      email: 'ARTA@example.al',
      message: 'Harroja: kemi edhe një vilë.',
      slot: '2026-11-26T09:00:00.000Z',
    };
    expect((await post(second!, again, '203.0.113.2')).status).toBe(201);

    const leads = await storedLeads();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ email: 'arta@example.al', requests: 2, slot: again.slot });
    server.clock.now += 31 * 60_000;
    const visit = await owner.request('POST', '/api/leads/visit');
    expect(await visit.json()).toMatchObject({ newCount: 1 });

    const list = (await (await owner.request('GET', '/api/leads')).json()) as {
      leads: { id: string; requests: number }[];
    };
    expect(list.leads.map((l) => l.requests)).toEqual([2]);
    const notes = (await (await owner.request('GET', `/api/leads/${list.leads[0]!.id}/notes`)).json()) as {
      notes: unknown[];
    };
    expect(notes.notes).toEqual([
      expect.objectContaining({
        kind: 'request',
        text: again.message,
        slot: again.slot,
        author: { id: 'visitor', name: booking.name },
      }),
    ]);

    // The owner: a new lead, then a repeat (not a second lead); the visitor: confirmed twice.
    const queued = await server.store.outbox.claim({
      owner: 'test',
      limit: 10,
      leaseMs: 1_000,
      now: server.clock.now,
    });
    const ownerSubjects = queued
      .filter((m) => m.topic === 'lead-owner' && m.payload.kind === 'email')
      .map((m) => (m.payload.kind === 'email' ? m.payload.subject : ''));
    expect(ownerSubjects.sort()).toEqual([
      'New lead: Arta Krasniqi (Vila Arta)',
      'Repeat request (2nd): Arta Krasniqi (Vila Arta)',
    ]);
    expect(queued.filter((m) => m.topic === 'lead-visitor')).toHaveLength(2);
  });

  it('six posts of one address at once make one lead counting six', async () => {
    const tokens = await freshTokens(server.browser(), 6);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        post(
          token,
          { ...booking, email: i % 2 ? 'arta@example.al' : ' Arta@EXAMPLE.al' },
          `203.0.113.${10 + i}`,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const leads = await storedLeads();
    expect(leads).toHaveLength(1);
    expect(leads[0]!.requests).toBe(6);
  }, 60_000);
});
