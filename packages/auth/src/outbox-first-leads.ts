import type { NewOutboxMessage, OutboxStore } from './outbox.ts';
import type { LeadFilter, LeadPage, LeadRecord, LeadStatus, LeadStore, NewLead } from './types.ts';

/**
 * Longer than an Airtable write can take with its retries and rate-limit queue (seconds),
 * so a held message is released or cancelled by the request long before it falls due.
 */
export const HOLD_MS = 2 * 60_000;

/**
 * Leads in a store that cannot share a transaction with the outbox (Airtable), ordered so
 * a crash between the two writes loses nothing:
 * 1. the notifications are queued first, held for `HOLD_MS` (each carries the whole lead);
 * 2. the lead is written to Airtable;
 * 3. on success they are released at once; on a refused write they are cancelled (the
 *    visitor sees the error and sends again).
 * A crash after 1 leaves the notifications, which fall due when the hold lapses: the owner
 * still receives the lead by mail although the table never got it.
 */
export class OutboxFirstLeadStore implements LeadStore {
  readonly #leads: LeadStore;
  readonly #outbox: OutboxStore;

  constructor(leads: LeadStore, outbox: OutboxStore) {
    this.#leads = leads;
    this.#outbox = outbox;
  }

  async createLead(
    lead: NewLead,
    now: number,
    messages: readonly NewOutboxMessage[] = [],
  ): Promise<LeadRecord> {
    if (messages.length === 0) return this.#leads.createLead(lead, now);
    const ids = await this.#outbox.enqueue(messages, now, now + HOLD_MS);
    let stored: LeadRecord;
    try {
      stored = await this.#leads.createLead(lead, now);
    } catch (error) {
      await this.#outbox.cancel(ids);
      throw error;
    }
    await this.#outbox.release(ids, now);
    return stored;
  }

  listLeads(options: { limit: number; after?: string } & LeadFilter): Promise<LeadPage> {
    return this.#leads.listLeads(options);
  }

  countLeads(filter: LeadFilter): Promise<number> {
    return this.#leads.countLeads(filter);
  }

  deleteLead(id: string): Promise<void> {
    return this.#leads.deleteLead(id);
  }

  anonymiseLead(id: string, now: number): Promise<LeadRecord> {
    return this.#leads.anonymiseLead(id, now);
  }

  deleteLeadsCreatedBefore(cutoff: number): Promise<number> {
    return this.#leads.deleteLeadsCreatedBefore(cutoff);
  }

  findLead(id: string): Promise<LeadRecord> {
    return this.#leads.findLead(id);
  }

  setLeadStatus(id: string, status: LeadStatus, now: number): Promise<LeadRecord> {
    return this.#leads.setLeadStatus(id, status, now);
  }
}
