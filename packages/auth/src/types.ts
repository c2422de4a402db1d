import type { LeadLanguage, LeadNote, LeadRecord, LeadStatus, NewLead, NoteAuthor } from './lead-record.ts';
import type { LinkTokenStore } from './link-tokens.ts';
import type { NewOutboxMessage, OutboxStore } from './outbox.ts';

/** The two roles a user record can hold; new records default to `Client` (spec §3). */
export type Role = 'Admin' | 'Client';

/** What the server and the browser may see of a user: never the password. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** A stored record. `password` is a scrypt hash, or plain text in bases made by the old site. */
export interface UserRecord extends PublicUser {
  password: string;
}

export interface NewUser {
  name: string;
  /** Normalised by the store (trimmed, lower-cased) before it is written. */
  email: string;
  /** Already hashed (see `hashPassword`); stores never hash. */
  password: string;
}

/** One page of users in creation order; pass `next` back as `after` for the following page. */
export interface UserPage {
  users: PublicUser[];
  next?: string;
}

/**
 * Where users live. Implementations: `AirtableUserStore` (hosted table, spec §7) and
 * `SqliteUserStore` (embedded default). Methods throw `UserStoreError` subclasses only.
 * Emails are normalised (`normalizeEmail`) at every write and lookup.
 */
export interface UserStore {
  /** `undefined` when no record has this email (compared after normalising). */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findById(id: string): Promise<UserRecord | undefined>;
  /** Every user, in creation order (bootstrap and small tools; the API pages with `listPage`). */
  list(): Promise<PublicUser[]>;
  /** `limit` 1–100. `after` is an opaque cursor from a previous page; a bad one is a 400 `UserStoreError`. */
  listPage(options: { limit: number; after?: string }): Promise<UserPage>;
  /** Creates a record with Role `Client`, always. Throws `DuplicateEmailError` when the email is taken. */
  create(user: NewUser): Promise<PublicUser>;
  /** Creates the first Admin (server bootstrap only; the API never creates Admins). */
  createAdmin(user: NewUser): Promise<PublicUser>;
  /**
   * Throws `UserNotFoundError` when no record has this id, `LastAdminError` when it is the
   * only Admin left (checked atomically, or re-checked and compensated where the store
   * has no transactions).
   */
  remove(id: string): Promise<void>;
  /** Replaces the stored password value (a new hash, or a re-hash of a legacy plain-text one). */
  setPassword(id: string, password: string): Promise<void>;
  close(): Promise<void>;
}

/** A server-side session. `id` is the SHA-256 of the cookie's token, never the token itself. */
export interface SessionRecord {
  id: string;
  userId: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  lastSeenAt: number;
  /** Absolute expiry. */
  expiresAt: number;
}

export interface SessionStore {
  createSession(session: SessionRecord): Promise<void>;
  findSession(id: string): Promise<SessionRecord | undefined>;
  /** Records activity (idle timeout); a missing session is not an error. */
  touchSession(id: string, lastSeenAt: number): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of a user (password change, deletion); returns how many. */
  deleteUserSessions(userId: string): Promise<number>;
  /** Housekeeping: drops sessions past `expiresAt` or idle since before `idleSince`. */
  deleteExpiredSessions(now: number, idleSince: number): Promise<number>;
}

export interface AttemptCount {
  /** Attempts in the current window, this one included. */
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Counters for the login throttle. `hitAttempt` must be atomic (one statement / one
 * transaction): N parallel calls for one key return N distinct counts 1…N.
 */
export interface AttemptStore {
  /** Counts one attempt for `key` in a fixed window of `windowMs` that starts at its first attempt. */
  hitAttempt(key: string, windowMs: number, now: number): Promise<AttemptCount>;
  /** Takes one attempt back (a check that never ran, or one that succeeded); never below 0. */
  undoAttempt(key: string): Promise<void>;
  /** The count of `key`'s current window, without counting (0 when none or expired). */
  peekAttempt(key: string, now: number): Promise<number>;
  clearAttempts(key: string): Promise<void>;
}

/**
 * Everything the server keeps, one sub-store per table. A new table (leads, call reports)
 * is a new member with its own interface; a Postgres store implements each with atomic SQL.
 */
export interface Store {
  users: UserStore;
  sessions: SessionStore;
  attempts: AttemptStore;
  callReports: CallReportStore;
  leads: LeadStore;
  leadVisits: LeadVisitStore;
  leadNotes: LeadNoteStore;
  /** Mail and webhooks waiting to go out (in Airtable mode: the local SQLite file). */
  outbox: OutboxStore;
  /** One-time links (invitations, resets), beside the outbox (in Airtable mode: the local SQLite file). */
  linkTokens: LinkTokenStore;
  /** Real demo calls published as an industry's sample (in Airtable mode: the local SQLite file). */
  publishedSamples: PublishedSampleStore;
  close(): Promise<void>;
}

/**
 * What the site keeps of a finished demo call, from Vapi's `end-of-call-report` webhook.
 * `callId` is the idempotency key: Vapi retries deliveries and several instances may each
 * receive one copy, so a store keeps the first and ignores the rest.
 */
export interface CallReportRecord {
  /** Vapi's call id (`message.call.id`). */
  callId: string;
  assistantId: string | null;
  /** ISO 8601 timestamps as Vapi sends them. */
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  /** US dollars. */
  cost: number | null;
  summary: string | null;
  transcript: string;
  /** Vapi's recording URL (`artifact.recordingUrl`), for the owner to listen back. */
  recordingUrl?: string | null;
  /** The signed-in client who made the call, from a verified attribution (never from the browser's word). */
  clientId?: string | null;
  /** The receptionist they picked (`health-clinics`, …), from the same attribution. */
  receptionist?: string | null;
  /** A preview call (the sample played in the browser, no Vapi call). */
  preview?: boolean;
  /**
   * The spoken turns with their times (from `artifact.messages`), kept so the call can be
   * published with a timed transcript. Only `findCallReport` returns them; lists leave them out.
   */
  turns?: CallTurn[] | null;
  /**
   * When this server stored the report (ms since the epoch); the list is newest first by it,
   * and among equal values the report stored later comes first.
   */
  receivedAt: number;
}

/** One spoken turn of a call: who spoke, what, and when (seconds from the call's start). */
export interface CallTurn {
  speaker: 'Caller' | 'Receptionist';
  text: string;
  start: number;
  end: number;
}

export interface CallReportPage {
  reports: CallReportRecord[];
  /** Pass back as `before` for the next (older) page. */
  next?: string;
}

export interface CallReportStore {
  /**
   * Stores the report unless one with the same `callId` exists, atomically (one statement).
   * Returns `true` when this call stored it, `false` for a duplicate delivery.
   */
  saveCallReport(report: CallReportRecord): Promise<boolean>;
  /**
   * Newest first. `limit` 1–100; `before` is an opaque cursor from a previous page (bad one →
   * `BadCursorError`, 400); `clientId`: only that client's calls.
   */
  listCallReports(options: { limit: number; before?: string; clientId?: string }): Promise<CallReportPage>;
  /** One report with its `turns`, or undefined. */
  findCallReport(callId: string): Promise<CallReportRecord | undefined>;
}

/**
 * A real demo call published as the sample of an industry page: the server's own copy of the
 * recording (so the page never depends on a signed URL that expires), its transcript as
 * WebVTT, and who confirmed that the caller agreed, and when.
 */
export interface PublishedSampleInfo {
  /** The industry page it plays on (`health-clinics`, …); one sample per industry. */
  industry: string;
  callId: string;
  /** The audio's media type, from its content (`audio/wav`, `audio/mpeg`, …). */
  contentType: string;
  bytes: number;
  /** The Admin who confirmed the caller's consent, and when (ms since the epoch). */
  consentBy: { id: string; name: string };
  consentAt: number;
  publishedAt: number;
}

export interface PublishedSample extends PublishedSampleInfo {
  audio: Uint8Array;
  vtt: string;
}

export interface PublishedSampleStore {
  /** Publishes (or replaces) the industry's sample. */
  publishSample(sample: PublishedSample): Promise<void>;
  /** The industry's sample with its audio, or undefined. */
  findPublishedSample(industry: string): Promise<PublishedSample | undefined>;
  /** Every published sample, without the audio, by industry. */
  listPublishedSamples(): Promise<PublishedSampleInfo[]>;
  /** Removes the industry's sample; false when none was published. */
  unpublishSample(industry: string): Promise<boolean>;
}

export type { LeadLanguage, LeadNote, LeadRecord, LeadStatus, NewLead, NoteAuthor } from './lead-record.ts';

/** The status a new lead is stored with. */
export type NewLeadStatus = Extract<LeadStatus, 'new' | 'held'>;

/** What a request's notifications may say about it: `requests` > 1 is a repeat. */
export interface ReceivedRequest {
  /** The lead's count of requests, this one included. */
  requests: number;
}

/** A request's notifications: fixed, or made knowing whether it is a repeat. */
export type LeadMessages =
  readonly NewOutboxMessage[] | ((received: ReceivedRequest) => readonly NewOutboxMessage[]);

/** The messages of `messages` for a request received as `received`. */
export const leadMessagesFor = (
  messages: LeadMessages | undefined,
  received: ReceivedRequest,
): readonly NewOutboxMessage[] => (typeof messages === 'function' ? messages(received) : (messages ?? []));

export interface LeadPage {
  leads: LeadRecord[];
  /** Pass back as `after` (with the same filter) for the next (older) page. */
  next?: string;
}

/** Which leads a list or count covers; every part is optional and they combine with AND. */
export interface LeadFilter {
  /**
   * Words to find in the name, email, company or message: each word, case-insensitive, as a
   * part of any of them (`searchWords` splits it).
   */
  search?: string;
  status?: LeadStatus;
  /** Received at or after (ms since the epoch). */
  from?: number;
  /** Received before (ms since the epoch). */
  to?: number;
  /** Had a request (the first or a repeat) at or after this (ms): "new since your last visit". */
  requestedFrom?: number;
  sourcePage?: string;
  language?: LeadLanguage;
}

export interface LeadStore {
  /**
   * Receives a request: when an open lead (not anonymised or deleted) has the same email
   * (trimmed, case-insensitive) the request is attached to it — `requests` + 1, `lastRequestAt`
   * now, its slot, phone and company taken when given, and a `request` entry with the new
   * message and slot in the log — otherwise a new lead is stored. Parallel requests of one
   * address make one lead. `messages` (its notifications, given the stored lead, so they can
   * say it is a repeat) are queued with it: in one transaction on SQLite and Postgres; on
   * Airtable the outbox is written first (`OutboxFirstLeadStore`). `status` is a new lead's
   * (`held` over the site-wide cap; a repeat keeps its lead's status).
   */
  createLead(
    lead: NewLead,
    now: number,
    messages?: LeadMessages,
    status?: NewLeadStatus,
  ): Promise<LeadRecord>;
  /**
   * A `held` lead becomes `new` and its notifications are queued, together (one transaction
   * on SQLite and Postgres; outbox first on Airtable). Throws `LeadNotFoundError` when no lead
   * has this id and `LeadNotHeldError` (409) when it is not held (e.g. released already), so
   * two Admins releasing one lead send its mail once.
   */
  releaseLead(id: string, now: number, messages: LeadMessages): Promise<LeadRecord>;
  /**
   * Newest first, only leads the filter matches. `limit` 1–100; `after` is an opaque cursor from
   * a page of the same filter (bad one → 400 `UserStoreError`).
   */
  listLeads(options: { limit: number; after?: string } & LeadFilter): Promise<LeadPage>;
  /** How many leads the filter matches. */
  countLeads(filter: LeadFilter): Promise<number>;
  /** Throws `LeadNotFoundError` (a `UserStoreError`, 404) when no lead has this id. */
  findLead(id: string): Promise<LeadRecord>;
  /** Throws `LeadNotFoundError` (a `UserStoreError`, 404) when no lead has this id. */
  setLeadStatus(id: string, status: LeadStatus, now: number): Promise<LeadRecord>;
  /** Deletes the lead for good (a privacy request). Throws `LeadNotFoundError` when it is gone. */
  deleteLead(id: string): Promise<void>;
  /**
   * Keeps the lead for the figures (status, dates, language, page) but clears everything that
   * names or reaches the person: name 'Anonymised', email, company, phone, message, slot and
   * zone emptied. Throws `LeadNotFoundError` when no lead has this id.
   */
  anonymiseLead(id: string, now: number): Promise<LeadRecord>;
  /** Retention: deletes every lead created before `cutoff` (ms); resolves to how many. */
  deleteLeadsCreatedBefore(cutoff: number): Promise<number>;
}

/**
 * Each lead's activity log, oldest first. In a SQL store it sits beside the leads; in
 * Airtable mode in the local SQLite file (the lead itself is in the base).
 */
/** An entry to add to a lead's log. */
export interface NewLeadNote {
  leadId: string;
  kind: 'note' | 'status' | 'request';
  text: string | null;
  author: NoteAuthor;
  /** `request` entries: the call the visitor chose. */
  slot?: string | null;
  timeZone?: string | null;
}

export interface LeadNoteStore {
  /** `request`: a repeat request (its message as `text`, its slot and zone), written by the lead store. */
  addLeadNote(note: NewLeadNote, now: number): Promise<LeadNote>;
  /** Oldest first, at most `limit` (the newest ones when there are more). */
  listLeadNotes(leadId: string, limit: number): Promise<LeadNote[]>;
  /**
   * A privacy request carried out: drops every entry of the lead (notes can name the person)
   * and records the action alone, atomically. Returns the entry.
   */
  recordPrivacyAction(
    leadId: string,
    kind: 'anonymised' | 'deleted',
    author: NoteAuthor,
    now: number,
  ): Promise<LeadNote>;
}

/**
 * When each Admin last looked at the Leads screen, for "new since your last visit". A visit
 * goes on while the Admin comes back within `gapMs` of their last look, so reloading the page
 * does not clear what was new when it was opened. Airtable mode keeps it in the local SQLite.
 */
export interface LeadVisitStore {
  /**
   * Records a look at `now`, atomically. Returns when the Admin's previous visit ended (ms
   * since the epoch; leads received after it are new to them), or `null` on their first visit.
   */
  recordLeadsVisit(userId: string, now: number, gapMs: number): Promise<number | null>;
}
