// The lead record and its status list, written once. Stores, the server's route schemas and
// the browser all import from here (`@voxdesk/auth/lead-record`): this module has no imports
// and no Node code, so the browser bundle can take its values.

/**
 * Where a lead is in the owner's follow-up, in the order the owner moves it. `held`: it came
 * in while the site was receiving more leads than its site-wide cap (`LEADS_SITE_PER_HOUR`),
 * so it is stored but nobody is mailed until an Admin releases it (then it is `new`).
 * `invited`: the owner invited the lead to the demo (an account link was sent). The SQL CHECK
 * constraints (a migration per change) and the Airtable Status select must list the same
 * values; the store contract test checks every store accepts each one.
 */
export const LEAD_STATUSES = ['held', 'new', 'contacted', 'invited', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The statuses an Admin sets by hand: `held` is only the cap's, and only a release ends it. */
export const SETTABLE_LEAD_STATUSES = LEAD_STATUSES.filter(
  (status): status is Exclude<LeadStatus, 'held'> => status !== 'held',
);

/** The languages a lead can write in: English and Albanian. */
export const LEAD_LANGUAGES = ['en', 'sq'] as const;
export type LeadLanguage = (typeof LEAD_LANGUAGES)[number];

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  (LEAD_STATUSES as readonly unknown[]).includes(value);

const orList = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** "held, new, contacted, invited or closed", for messages that list the choices. */
export const LEAD_STATUS_CHOICES = orList(LEAD_STATUSES);

/** "new, contacted, invited or closed": the ones an Admin may set. */
export const SETTABLE_LEAD_STATUS_CHOICES = orList(SETTABLE_LEAD_STATUSES);

/**
 * What the site's forms accept as a phone number: digits, spaces and + ( ) . / - only. Such a
 * value can carry no spreadsheet formula (no letters, quotes, = @ | or !).
 */
export const PHONE_PATTERN = /^[+0-9 ()./-]{5,40}$/;

/** A visitor's request for a call, as the site's forms send it (validated by the server). */
export interface NewLead {
  name: string;
  /** Normalised by the server (trimmed, lower-cased). */
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  /** The chosen slot's start as an ISO 8601 instant, or null for the contact form. */
  slot: string | null;
  /** The visitor's IANA time zone, so the owner sees the slot as the visitor did. */
  timeZone: string | null;
  language: LeadLanguage;
  /** The page path the form was on (`/chatbot`, `/`). */
  sourcePage: string;
}

/**
 * A stored lead: what the store returns and `GET /api/leads` sends. One lead per person: a
 * request from an address that already has an open lead (not anonymised or deleted) is
 * attached to it (`requests` counts them, the log keeps each one) instead of making another.
 */
export interface LeadRecord extends NewLead {
  id: string;
  status: LeadStatus;
  /** ms since the epoch. */
  createdAt: number;
  updatedAt: number;
  /** How many requests this person sent: 1, then one more for each repeat. */
  requests: number;
  /** When the newest request arrived (ms since the epoch): "new since your last visit" counts it. */
  lastRequestAt: number;
}

/** The author of a `request` entry: the visitor, by the name they gave. */
export const VISITOR_AUTHOR_ID = 'visitor';

/** Words a search looks for, at most this many (the rest are ignored). */
export const MAX_SEARCH_WORDS = 8;

/**
 * A search as the stores run it: lower-cased words, each of which must appear. Whitespace
 * separates words, so no word spans two fields.
 */
export const searchWords = (search: string | undefined): string[] =>
  (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);

/** What a search looks in, lower-cased as `searchWords` lower-cases (the SQL stores keep it). */
export const leadSearchText = (lead: Pick<NewLead, 'name' | 'email' | 'company' | 'message'>): string =>
  [lead.name, lead.email, lead.company ?? '', lead.message ?? ''].join('\n').toLowerCase();

/** What a repeat request adds to its lead's search text: the new company and message. */
export const repeatSearchText = (request: Pick<NewLead, 'company' | 'message'>): string =>
  [request.company ?? '', request.message ?? ''].join('\n').toLowerCase();

/** The longest note an Admin may write on a lead. */
export const MAX_NOTE_LENGTH = 2000;

/** Who wrote a note or took an action: an Admin, by id and by the name they had then. */
export interface NoteAuthor {
  id: string;
  name: string;
}

/**
 * One entry of a lead's activity log. `note`: an Admin's text; `status`: the status it was
 * set to; `request`: the same person asked again (`text` their new message, `slot` and
 * `timeZone` the call they chose; the author is the visitor); `anonymised` / `deleted`: a
 * privacy request carried out (no text, nothing personal).
 */
export interface LeadNote {
  id: string;
  leadId: string;
  kind: 'note' | 'status' | 'request' | 'anonymised' | 'deleted';
  text: string | null;
  author: NoteAuthor;
  /** ms since the epoch. */
  createdAt: number;
  /** `request` entries only: the slot asked for (ISO 8601) and the visitor's zone. */
  slot?: string | null;
  timeZone?: string | null;
}
