// The /api contract, typed once: the server's routes declare their answers with these
// (`satisfies`), the browser imports them as types only. It sits below both programs, in its own
// TypeScript program with neither the DOM nor Node (site/tsconfig.contract.json), so its one
// import is the lead record, from a module with no imports of its own.
import type { LeadLanguage, LeadNote, LeadRecord } from '@voxdesk/auth/lead-record';

export type { LeadLanguage, LeadNote, LeadStatus, NoteAuthor } from '@voxdesk/auth/lead-record';

export type Role = 'Admin' | 'Client';
export type ReceptionistId = 'health-clinics' | 'law-firms' | 'home-services';

/** Every non-2xx answer: a message to show, and where a route says more, which field. */
export interface ApiErrorBody {
  error: string;
  field?: string;
  /** Per-field messages (`POST /api/leads`). */
  errors?: Record<string, string>;
  /** How long to wait before sending again (`POST /api/leads` sent too fast). */
  waitMs?: number;
}

/** The signed-in user (`{ user }` from `/api/session`). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Set while the account has a temporary password (the generated first Admin's): change it first. */
  mustChangePassword?: true;
}

/** `POST/GET /api/session`, `POST /api/session/password`. */
export interface SessionBody {
  user: SessionUser;
}

/** One row of `GET /api/clients` (spec §7: Name, Email, Role). */
export interface ClientRecord {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** `GET /api/clients?limit=&after=`. */
export interface ClientPage {
  clients: ClientRecord[];
  /** Pass back as `after` for the next page. */
  next?: string;
}

/** `POST /api/clients`; the server always stores Role 'Client'. */
export interface NewClient {
  name: string;
  email: string;
  password: string;
}

/** `POST /api/clients` → 201. */
export interface AddedClient {
  client: ClientRecord;
}

/** One lead as `GET /api/leads` sends it: the store's record (`@voxdesk/auth/lead-record`). */
export type Lead = LeadRecord;

/** `GET /api/leads?limit=&after=&search=&status=&from=&to=&sourcePage=&language=`, newest first. */
export interface LeadPage {
  leads: Lead[];
  next?: string;
}

/** `POST /api/leads/visit` (the Leads screen opened): leads new to this Admin. */
export interface LeadsVisit {
  /** When their previous visit ended (ms since the epoch); `null` on their first visit. */
  since: number | null;
  /** Leads received after `since` (every lead on a first visit). */
  newCount: number;
}

/** `GET /api/leads/:id/notes`: the lead's activity log, oldest first (the newest 100). */
export interface LeadNotes {
  notes: LeadNote[];
}

/** `POST /api/leads/:id/notes` → 201. */
export interface AddedNote {
  note: LeadNote;
}

/** `PATCH /api/leads/:id` and `POST /api/leads/:id/anonymise` → the updated lead. */
export interface UpdatedLead {
  lead: Lead;
}

/** `POST /api/leads` as JSON (a form post without JavaScript sends the same names). */
export interface LeadForm {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  message?: string;
  /** ISO 8601 with offset, one of the offered slots. */
  slot?: string;
  /** IANA name, e.g. Europe/Tirane. */
  timeZone?: string;
  language: LeadLanguage;
  /** The page the form was sent from, e.g. /chatbot. */
  sourcePage: string;
  /** The honeypot's value: empty for people. */
  website?: string;
  /** From `GET /api/leads/form-token`. */
  formToken?: string;
}

/** `GET /api/leads/form-token`: sign the form with it, after at least `minFillMs`. */
export interface FormTokenBody {
  token: string;
  minFillMs: number;
}

/** `POST /api/leads` → 201. */
export interface LeadReceived {
  received: true;
}

/** One row of the admin screen's "Recent demo calls" panel. */
export interface DemoCall {
  id: string;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  cost: number | null;
  summary: string | null;
  transcript: string;
  /** Vapi's recording of the call, when it sent one. */
  recordingUrl?: string | null;
  /** Who made it (a verified attribution), with their name and email as the store has them now. */
  client?: { id: string; name?: string; email?: string } | null;
  receptionist?: ReceptionistId | null;
  /** The sample call played in the browser (no keys), not a Vapi call. */
  preview?: boolean;
}

/** `POST /api/demo/calls` → 201: what the call must carry, and its longest duration. */
export interface DemoCallStart {
  /** The signed attribution itself (also in `metadata`); a preview sends it back with its report. */
  attribution: string;
  /** Call metadata: the signed attribution (`voxdeskAttribution`), the client id and the receptionist. */
  metadata: Record<string, string>;
  /** An assistant override: the call ends after this many seconds. */
  maxDurationSeconds: number;
}

/** `POST /api/demo/calls/preview-report` → 201; `stored` false for a repeated post. */
export interface PreviewReportStored {
  stored: boolean;
}

/** `GET /api/admin/demo-calls`: stored reports, or Vapi's latest calls while none are stored. */
export interface DemoCallsPage {
  calls: DemoCall[];
  /** Pass back as `after` for older calls (stored reports only). */
  next?: string;
  /** `vapi`: no end-of-call report is stored yet, so these are Vapi's latest calls. */
  source: 'reports' | 'vapi';
}

/** A real demo call published as an industry page's sample (`/api/admin/samples`). */
export interface PublishedSampleView {
  industry: ReceptionistId;
  callId: string;
  /** The audio's media type, told from its bytes. */
  contentType: string;
  bytes: number;
  /** The Admin who confirmed that the caller agreed, and when (ms since the epoch). */
  consentBy: { id: string; name: string };
  consentAt: number;
  publishedAt: number;
}

/** `GET /api/admin/samples`. */
export interface PublishedSamplesList {
  samples: PublishedSampleView[];
}

export interface DemoCapabilities {
  available: boolean;
  receptionists: { id: ReceptionistId; assistantId: string }[];
  /** Settings the demo lacks; sent to Admin sessions only (visitors see a friendly offline note). */
  missing?: string[];
}

/** What the admin screen can show; sent to Admin sessions only. */
export interface AdminCapabilities {
  /** 'Recent demo calls' has a source (webhook secret, private key + assistant, or stored reports). */
  demoCalls: boolean;
}

/**
 * `GET /api/config`: the demo's capabilities. The Vapi public key and assistant ids are sent
 * to a signed-in session only (an anonymous visitor gets `available` and no receptionists).
 */
export interface ConfigBody {
  vapiPublicKey?: string;
  /** The default assistant of every receptionist. */
  vapiAssistantId?: string;
  demo: DemoCapabilities;
  admin?: AdminCapabilities;
}

/** A message the receiving server refused for good (a 5xx), shown in /admin. */
export interface MailFailure {
  id: string;
  /** `lead-owner`, `lead-visitor`, `lead-webhook`, `invite`, `password-reset`, `password-changed`. */
  topic: string;
  /** The address, or the webhook's origin. */
  recipient: string;
  error: string;
  failedAt: number;
}

/** `GET /api/admin/mail`: the outbox as the Admin sees it. */
export interface MailStatus {
  /** SMTP_URL is set. */
  smtpConfigured: boolean;
  /** Messages not yet delivered (due, backing off, or waiting for SMTP_URL). */
  waiting: number;
  failed: number;
  /** The newest permanent failures. */
  failures: MailFailure[];
}

/** One thing the owner still has to set (or has set), in `GET /api/admin/setup`. */
export interface SetupItem {
  id:
    | 'vapi-public-key'
    | 'vapi-assistant-id'
    | 'vapi-webhook-secret'
    | 'vapi-reports'
    | 'smtp'
    | 'scheduling-url'
    | 'promo-video'
    | 'site-url';
  ok: boolean;
  /** What it is, e.g. "Outgoing mail (SMTP)". */
  title: string;
  /** The exact setting to change: an environment variable, or where in Vapi. */
  setting: string;
  /** What is wrong while not ok, or what is in place once ok. */
  detail: string;
}

/** `GET /api/admin/setup`: the admin setup checklist, in the order to work through it. */
export interface SetupChecklist {
  items: SetupItem[];
}

/** `POST /api/admin/mail-test` when the mail server accepted the test email. */
export interface MailTestSent {
  ok: true;
}

/** `POST /api/leads/:id/invite`: the lead (now `invited`) and the client made for it. */
export interface InvitedLead {
  lead: Lead;
  client: ClientRecord;
}
