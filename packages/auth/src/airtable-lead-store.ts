import type Airtable from 'airtable';
import type { AirtableConnection } from './airtable-connection.ts';
import { isAirtableStatus } from './airtable-connection.ts';
import { BadCursorError, LeadNotFoundError } from './errors.ts';
import { fieldCompares, fieldEquals, fieldsContain, formulaAll } from './formula.ts';
import { isLeadStatus, searchWords } from './lead-record.ts';
import type { LeadFilter, LeadPage, LeadRecord, LeadStatus, NewLead, NewLeadStatus } from './types.ts';
import type { RepeatableLeadStore } from './outbox-first-leads.ts';

/** The Leads table's fields (docs/site.md lists their Airtable types). */
interface LeadFields extends Airtable.FieldSet {
  Name?: string;
  Email?: string;
  Company?: string;
  Phone?: string;
  Message?: string;
  Slot?: string;
  'Time Zone'?: string;
  Language?: string;
  'Source Page'?: string;
  Status?: string;
  'Created At'?: number;
  'Updated At'?: number;
  /** Written on a repeat request only: absent means 1 (bases made before it still take new leads). */
  Requests?: number;
  /** Written on a repeat request only: absent means Created At. */
  'Last Request At'?: number;
}

export const DEFAULT_LEADS_TABLE = 'Leads';

interface ListBody {
  records?: { id: string; fields: LeadFields }[];
  offset?: string;
}

/** The text fields a search looks in (the SQL stores' search_text). */
const SEARCHED: readonly (keyof LeadFields & string)[] = ['Name', 'Email', 'Company', 'Message'];

/** A lead filter as `filterByFormula` (escaped by formula.ts); none for an empty filter. */
function filterQuery(filter: LeadFilter): { filterByFormula?: string } {
  const formula = formulaAll([
    ...searchWords(filter.search).map((word) => fieldsContain(SEARCHED, word)),
    ...(filter.status === undefined ? [] : [fieldEquals('Status', filter.status)]),
    ...(filter.from === undefined ? [] : [fieldCompares('Created At', '>=', filter.from)]),
    ...(filter.to === undefined ? [] : [fieldCompares('Created At', '<', filter.to)]),
    // Last Request At is only written on a repeat; a lead asked once has Created At alone.
    ...(filter.requestedFrom === undefined
      ? []
      : [
          `OR(${fieldCompares('Created At', '>=', filter.requestedFrom)}, ${fieldCompares('Last Request At', '>=', filter.requestedFrom)})`,
        ]),
    ...(filter.sourcePage === undefined ? [] : [fieldEquals('Source Page', filter.sourcePage)]),
    ...(filter.language === undefined ? [] : [fieldEquals('Language', filter.language)]),
  ]);
  return formula === undefined ? {} : { filterByFormula: formula };
}

/** Airtable's own page size limit. */
const MAX_PAGE = 100;

// Airtable leaves empty fields out of its answers: absent means empty.
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function toLead({ id, fields }: Pick<Airtable.Record<LeadFields>, 'id' | 'fields'>): LeadRecord {
  const status = isLeadStatus(fields.Status) ? fields.Status : 'new';
  const createdAt = Number(fields['Created At'] ?? 0);
  return {
    id,
    name: String(fields.Name ?? ''),
    email: String(fields.Email ?? ''),
    company: text(fields.Company),
    phone: text(fields.Phone),
    message: text(fields.Message),
    slot: text(fields.Slot),
    timeZone: text(fields['Time Zone']),
    language: fields.Language === 'sq' ? 'sq' : 'en',
    sourcePage: String(fields['Source Page'] ?? ''),
    status,
    createdAt,
    updatedAt: Number(fields['Updated At'] ?? createdAt),
    requests: Number(fields.Requests ?? 1),
    lastRequestAt: Number(fields['Last Request At'] ?? createdAt),
  };
}

/**
 * Leads in a table of the users' Airtable base, through the same connection (client, rate
 * limiter, bounded retries), so an owner can follow them up in Airtable's UI too.
 */
export class AirtableLeadStore implements RepeatableLeadStore {
  readonly #connection: AirtableConnection;
  readonly #tableId: string;
  readonly #table: Airtable.Table<LeadFields>;

  constructor(options: { connection: AirtableConnection; tableId?: string }) {
    this.#connection = options.connection;
    this.#tableId = options.tableId ?? DEFAULT_LEADS_TABLE;
    this.#table = this.#connection.base.table<LeadFields>(this.#tableId);
  }

  #run<T>(action: string, task: () => Promise<T>): Promise<T> {
    return this.#connection.run(action, task, 'leads table');
  }

  async createLead(lead: NewLead, now: number, status: NewLeadStatus = 'new'): Promise<LeadRecord> {
    const fields: LeadFields = {
      Name: lead.name,
      Email: lead.email,
      Language: lead.language,
      'Source Page': lead.sourcePage,
      Status: status,
      'Created At': now,
      'Updated At': now,
    };
    // Empty values are left out rather than written as null (Airtable drops them anyway).
    if (lead.company) fields.Company = lead.company;
    if (lead.phone) fields.Phone = lead.phone;
    if (lead.message) fields.Message = lead.message;
    if (lead.slot) fields.Slot = lead.slot;
    if (lead.timeZone) fields['Time Zone'] = lead.timeZone;
    const record = await this.#run('save the lead', () => this.#table.create(fields));
    return { ...toLead(record), ...lead, status, createdAt: now, updatedAt: now };
  }

  /**
   * The newest lead with this (normalised) email, if any: anonymised leads have none. Without
   * transactions, `OutboxFirstLeadStore` makes the look-up and the write one step per address.
   */
  async findOpenLead(email: string): Promise<LeadRecord | undefined> {
    const records = await this.#run('look up the lead', () =>
      this.#table
        .select({
          filterByFormula: fieldEquals('Email', email),
          sort: [{ field: 'Created At', direction: 'desc' }],
          maxRecords: 1,
        })
        .firstPage(),
    );
    const record = records[0];
    return record && record.fields.Email === email ? toLead(record) : undefined;
  }

  /** Counts a repeat request on `lead` (as just read): its slot, phone and company when given. */
  async addRequest(lead: LeadRecord, request: NewLead, now: number): Promise<LeadRecord> {
    const fields: LeadFields = {
      Requests: lead.requests + 1,
      'Last Request At': Math.max(lead.lastRequestAt, now),
      'Updated At': Math.max(lead.updatedAt, now),
    };
    if (request.slot) {
      fields.Slot = request.slot;
      fields['Time Zone'] = request.timeZone ?? '';
    }
    if (request.phone) fields.Phone = request.phone;
    if (request.company) fields.Company = request.company;
    try {
      return toLead(
        await this.#run('add the request to the lead', () => this.#table.update(lead.id, fields)),
      );
    } catch (error) {
      if (isAirtableStatus(error, 404)) throw new LeadNotFoundError(lead.id, { cause: error });
      throw error;
    }
  }

  async listLeads({
    limit,
    after,
    ...filter
  }: { limit: number; after?: string } & LeadFilter): Promise<LeadPage> {
    if (after !== undefined && !/^[A-Za-z0-9/_-]{1,200}$/.test(after)) throw new BadCursorError();
    const body = await this.#page(
      {
        pageSize: Math.min(limit, MAX_PAGE),
        sort: [{ field: 'Created At', direction: 'desc' }],
        ...filterQuery(filter),
        ...(after ? { offset: after } : {}),
      },
      after,
    );
    const leads = (body.records ?? []).map(toLead);
    return body.offset ? { leads, next: body.offset } : { leads };
  }

  /** Airtable has no count: pages through the matching records' ids (100 a request). */
  async countLeads(filter: LeadFilter): Promise<number> {
    let count = 0;
    let offset: string | undefined;
    do {
      const body = await this.#page({
        pageSize: MAX_PAGE,
        fields: ['Created At'],
        ...filterQuery(filter),
        ...(offset ? { offset } : {}),
      });
      count += body.records?.length ?? 0;
      offset = body.offset;
    } while (offset);
    return count;
  }

  async #page(qs: Record<string, unknown>, after?: string): Promise<ListBody> {
    const response = await this.#run('load the leads', () =>
      this.#connection.base.makeRequest({ method: 'GET', path: `/${encodeURIComponent(this.#tableId)}`, qs }),
    ).catch((error: unknown) => {
      // An unknown or expired offset: 422 LIST_RECORDS_ITERATOR_NOT_AVAILABLE.
      if (isAirtableStatus(error, 422) && after) throw new BadCursorError({ cause: error });
      throw error;
    });
    return response.body as ListBody;
  }

  async deleteLead(id: string): Promise<void> {
    try {
      await this.#run('delete the lead', () => this.#table.destroy(id));
    } catch (error) {
      if (isAirtableStatus(error, 404)) throw new LeadNotFoundError(id, { cause: error });
      throw error;
    }
  }

  async anonymiseLead(id: string, now: number): Promise<LeadRecord> {
    // Empty values clear Airtable fields; Updated At only moves forward, as on the SQL stores.
    const current = await this.findLead(id);
    const cleared: LeadFields = {
      Name: 'Anonymised',
      Email: '',
      Company: '',
      Phone: '',
      Message: '',
      Slot: '',
      'Time Zone': '',
      'Updated At': Math.max(current.updatedAt, now),
    };
    try {
      return toLead(await this.#run('anonymise the lead', () => this.#table.update(id, cleared)));
    } catch (error) {
      if (isAirtableStatus(error, 404)) throw new LeadNotFoundError(id, { cause: error });
      throw error;
    }
  }

  async findLead(id: string): Promise<LeadRecord> {
    try {
      return toLead(await this.#run('load the lead', () => this.#table.find(id)));
    } catch (error) {
      if (isAirtableStatus(error, 404)) throw new LeadNotFoundError(id, { cause: error });
      throw error;
    }
  }

  async setLeadStatus(id: string, status: LeadStatus, now: number): Promise<LeadRecord> {
    try {
      const record = await this.#run('update the lead', () =>
        this.#table.update(id, { Status: status, 'Updated At': now }),
      );
      return toLead(record);
    } catch (error) {
      if (isAirtableStatus(error, 404)) throw new LeadNotFoundError(id, { cause: error });
      throw error;
    }
  }

  async deleteLeadsCreatedBefore(cutoff: number): Promise<number> {
    // The list is newest first: read until the first old lead, then every page after it.
    const old: string[] = [];
    let after: string | undefined;
    do {
      const page = await this.listLeads({ limit: MAX_PAGE, ...(after ? { after } : {}) });
      for (const lead of page.leads) if (lead.createdAt < cutoff) old.push(lead.id);
      after = page.next;
    } while (after);
    for (const id of old) {
      await this.#run('delete an old lead', () => this.#table.destroy(id)).catch((error: unknown) => {
        // Deleted meanwhile (by hand in Airtable's UI, or another instance): already done.
        if (!isAirtableStatus(error, 404)) throw error;
      });
    }
    return old.length;
  }
}
