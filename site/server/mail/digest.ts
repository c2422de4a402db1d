// The optional daily digest (LEADS_DIGEST_HOUR): once a day, at that hour in the owner's zone, one
// mail to LEADS_NOTIFY_TO with the day's leads and demo calls, through the outbox. Its outbox key
// is the local date, so any number of instances checking at once queue it once; a day with
// nothing new sends nothing.
import type { CallReportRecord, LeadRecord, Store } from '@voxdesk/auth';
import type { Logger } from '../request-log.ts';
import { dueDigestDay } from './digest-day.ts';
import { dailyDigest, type MailLang } from './messages.ts';
import { siteLink, type MailSettings } from './settings.ts';

export interface DigestSettings {
  /** `LEADS_DIGEST_HOUR`, 0–23, in `timeZone`. */
  hour: number;
  /** `OWNER_TIME_ZONE` (IANA). */
  timeZone: string;
  /** `OWNER_LANGUAGE`. */
  language: MailLang;
}

export type DigestOutcome = 'queued' | 'nothing-new' | 'no-recipient' | 'done-already';

/** Pages of 100; a day's leads and calls are a few pages at most. */
const PAGE = 100;

async function leadsBetween(store: Store, start: number, end: number): Promise<LeadRecord[]> {
  const found: LeadRecord[] = [];
  let after: string | undefined;
  do {
    const page = await store.leads.listLeads({
      limit: PAGE,
      requestedFrom: start,
      ...(after ? { after } : {}),
    });
    // A held lead (the site-wide cap) mails nobody until an Admin releases it, digest included.
    found.push(...page.leads.filter((lead) => lead.lastRequestAt < end && lead.status !== 'held'));
    after = page.next;
  } while (after);
  return found.sort((a, b) => a.lastRequestAt - b.lastRequestAt);
}

async function callsBetween(store: Store, start: number, end: number): Promise<CallReportRecord[]> {
  const found: CallReportRecord[] = [];
  let before: string | undefined;
  // Newest first: stop at the first page that reaches back past the window.
  for (;;) {
    const page = await store.callReports.listCallReports({ limit: PAGE, ...(before ? { before } : {}) });
    found.push(...page.reports.filter((r) => r.receivedAt >= start && r.receivedAt < end));
    if (!page.next || page.reports.some((r) => r.receivedAt < start)) break;
    before = page.next;
  }
  return found.reverse();
}

/**
 * Queues the digest due at `now` unless this process handled that day already. Safe to call
 * from every instance as often as wanted: the outbox keeps one message per day's key.
 */
export class DailyDigest {
  readonly #store: Store;
  readonly #mail: MailSettings;
  readonly #settings: DigestSettings;
  /** The last local date this process queued or found empty: no more queries until the next. */
  #handled: string | undefined;

  constructor(store: Store, mail: MailSettings, settings: DigestSettings) {
    this.#store = store;
    this.#mail = mail;
    this.#settings = settings;
  }

  async runOnce(now: number): Promise<DigestOutcome> {
    const to = this.#mail.notifyTo;
    if (!to) return 'no-recipient';
    const day = dueDigestDay(now, this.#settings.hour, this.#settings.timeZone);
    if (this.#handled === day.date) return 'done-already';
    const [leads, calls] = await Promise.all([
      leadsBetween(this.#store, day.start, day.end),
      callsBetween(this.#store, day.start, day.end),
    ]);
    this.#handled = day.date;
    if (leads.length === 0 && calls.length === 0) return 'nothing-new';
    const content = dailyDigest({
      lang: this.#settings.language,
      timeZone: this.#settings.timeZone,
      date: day.date,
      leads,
      calls,
      adminUrl: siteLink(this.#mail, '/admin/leads'),
    });
    await this.#store.outbox.enqueue(
      [{ topic: 'digest', onceKey: `digest-${day.date}`, payload: { kind: 'email', to, ...content } }],
      now,
    );
    return 'queued';
  }
}

/** Checks every minute (and at once); returns a stop function. `kick` starts delivery. */
export function scheduleDailyDigest(
  digest: DailyDigest,
  options: { log: Logger; kick(): void; now?: () => number; everyMs?: number },
): () => void {
  const now = options.now ?? Date.now;
  const check = () =>
    void digest.runOnce(now()).then(
      (outcome) => {
        if (outcome === 'queued') {
          options.log({ level: 'info', msg: 'daily digest queued' });
          options.kick();
        }
      },
      (error: unknown) =>
        options.log({
          level: 'warn',
          msg: `daily digest not queued (tried again in a minute): ${String((error as Error)?.message ?? error)}`,
        }),
    );
  check();
  const timer = setInterval(check, options.everyMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
