import { normalizeEmail } from './email.ts';
import { LeadNotHeldError } from './errors.ts';
import { VISITOR_AUTHOR_ID } from './lead-record.ts';
import type { OutboxStore } from './outbox.ts';
import {
  leadMessagesFor,
  type LeadFilter,
  type LeadMessages,
  type LeadNoteStore,
  type LeadPage,
  type LeadRecord,
  type LeadStatus,
  type LeadStore,
  type NewLead,
  type NewLeadStatus,
} from './types.ts';

/**
 * Longer than an Airtable write can take with its retries and rate-limit queue (seconds),
 * so a held message is released or cancelled by the request long before it falls due.
 */
export const HOLD_MS = 2 * 60_000;

/** A lead table without transactions: the look-up and the two writes of a repeat request. */
export interface RepeatableLeadStore extends Omit<LeadStore, 'createLead' | 'releaseLead'> {
  /** Stores a new lead, nothing else. */
  createLead(lead: NewLead, now: number, status?: NewLeadStatus): Promise<LeadRecord>;
  /** The newest lead with this normalised email (none for anonymised leads). */
  findOpenLead(email: string): Promise<LeadRecord | undefined>;
  /** Counts a repeat request on `lead` as just read. */
  addRequest(lead: LeadRecord, request: NewLead, now: number): Promise<LeadRecord>;
}

/**
 * Leads in a store that cannot share a transaction with the outbox (Airtable), ordered so
 * a crash between the two writes loses nothing:
 * 1. the notifications are queued first, held for `HOLD_MS` (each carries the whole request);
 * 2. the lead is written to Airtable (a new one, or the request counted on the address's open lead);
 * 3. on success they are released at once; on a refused write they are cancelled (the
 *    visitor sees the error and sends again). A repeat's log entry goes to the local file last.
 * A crash after 1 leaves the notifications, which fall due when the hold lapses: the owner
 * still receives the request by mail although the table never got it.
 * Requests of one address are handled one at a time in this process, so two at once make one
 * lead; Airtable has no lock two instances could share (docs/site.md says so).
 */
export class OutboxFirstLeadStore implements LeadStore {
  readonly #leads: RepeatableLeadStore;
  readonly #outbox: OutboxStore;
  readonly #notes: LeadNoteStore;
  /** The request in progress per address: the next one of that address waits for it. */
  readonly #inProgress = new Map<string, Promise<unknown>>();

  constructor(leads: RepeatableLeadStore, outbox: OutboxStore, notes: LeadNoteStore) {
    this.#leads = leads;
    this.#outbox = outbox;
    this.#notes = notes;
  }

  /** Runs `work` after the one in progress for `key` (an address, a lead id) in this process. */
  #oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#inProgress.get(key) ?? Promise.resolve();
    const mine = previous.catch(() => {}).then(work);
    const settled = mine.catch(() => {});
    this.#inProgress.set(key, settled);
    void settled.then(() => {
      if (this.#inProgress.get(key) === settled) this.#inProgress.delete(key);
    });
    return mine;
  }

  createLead(
    lead: NewLead,
    now: number,
    messages?: LeadMessages,
    status: NewLeadStatus = 'new',
  ): Promise<LeadRecord> {
    const request = { ...lead, email: normalizeEmail(lead.email) };
    return this.#oneAtATime(request.email, () => this.#receive(request, now, messages, status));
  }

  async #receive(
    request: NewLead,
    now: number,
    messages: LeadMessages | undefined,
    status: NewLeadStatus,
  ): Promise<LeadRecord> {
    const open = request.email === '' ? undefined : await this.#leads.findOpenLead(request.email);
    // A held lead's notifications wait for its release (releaseLead), repeats' too.
    const held = open ? open.status === 'held' : status === 'held';
    const queued = held ? [] : leadMessagesFor(messages, { requests: open ? open.requests + 1 : 1 });
    const ids = queued.length > 0 ? await this.#outbox.enqueue(queued, now, now + HOLD_MS) : [];
    let stored: LeadRecord;
    try {
      stored = open
        ? await this.#leads.addRequest(open, request, now)
        : await this.#leads.createLead(request, now, status);
    } catch (error) {
      if (ids.length > 0) await this.#outbox.cancel(ids);
      throw error;
    }
    if (ids.length > 0) await this.#outbox.release(ids, now);
    if (open) {
      await this.#notes.addLeadNote(
        {
          leadId: stored.id,
          kind: 'request',
          text: request.message,
          author: { id: VISITOR_AUTHOR_ID, name: request.name },
          slot: request.slot,
          timeZone: request.timeZone,
        },
        now,
      );
    }
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

  /**
   * As `createLead`: the notifications are queued held, the status written, then they are
   * released (or cancelled when the write is refused). Releases of one lead are one at a time
   * in this process, so two clicks mail once; two instances releasing the same lead in the
   * same second could both mail (Airtable has no conditional update).
   */
  releaseLead(id: string, now: number, messages: LeadMessages): Promise<LeadRecord> {
    return this.#oneAtATime(`release:${id}`, async () => {
      const lead = await this.#leads.findLead(id);
      if (lead.status !== 'held') throw new LeadNotHeldError(id);
      const queued = leadMessagesFor(messages, { requests: 1 });
      const ids = queued.length > 0 ? await this.#outbox.enqueue(queued, now, now + HOLD_MS) : [];
      let released: LeadRecord;
      try {
        released = await this.#leads.setLeadStatus(id, 'new', now);
      } catch (error) {
        if (ids.length > 0) await this.#outbox.cancel(ids);
        throw error;
      }
      if (ids.length > 0) await this.#outbox.release(ids, now);
      return released;
    });
  }
}
