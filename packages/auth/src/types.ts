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
  /**
   * When this server stored the report (ms since the epoch); the list is newest first by it,
   * and among equal values the report stored later comes first.
   */
  receivedAt: number;
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
  /** Newest first. `limit` 1–100; `before` is an opaque cursor from a previous page (bad one → `BadCursorError`, 400). */
  listCallReports(options: { limit: number; before?: string }): Promise<CallReportPage>;
}

/** Where a lead is in the owner's follow-up. */
export type LeadStatus = 'new' | 'contacted' | 'closed';

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
  language: 'en' | 'sq';
  /** The page path the form was on (`/chatbot`, `/`). */
  sourcePage: string;
}

export interface LeadRecord extends NewLead {
  id: string;
  status: LeadStatus;
  /** ms since the epoch. */
  createdAt: number;
  updatedAt: number;
}

export interface LeadPage {
  leads: LeadRecord[];
  /** Pass back as `after` for the next (older) page. */
  next?: string;
}

export interface LeadStore {
  createLead(lead: NewLead, now: number): Promise<LeadRecord>;
  /** Newest first. `limit` 1–100; `after` is an opaque cursor (bad one → 400 `UserStoreError`). */
  listLeads(options: { limit: number; after?: string }): Promise<LeadPage>;
  /** Throws `LeadNotFoundError` (a `UserStoreError`, 404) when no lead has this id. */
  setLeadStatus(id: string, status: LeadStatus, now: number): Promise<LeadRecord>;
  /** Retention: deletes every lead created before `cutoff` (ms); resolves to how many. */
  deleteLeadsCreatedBefore(cutoff: number): Promise<number>;
}
