// Delivers the outbox: claim a batch with a lease, send each message, and record the outcome
// only while still holding the lease. Mark-sent comes strictly after the SMTP server's 250 (or
// the webhook's 2xx), so a crash in between sends the message again with the same Message-ID:
// at least once, never silently lost (docs/mail.md).
import { randomUUID } from 'node:crypto';
import { outboxRetryDelay, type OutboxMessage, type OutboxStore } from '@voxdesk/auth';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../request-log.ts';
import type { MailContent } from './messages.ts';

export interface SenderOptions {
  outbox: OutboxStore;
  /** `smtp://user:pass@host:587` or `smtps://…:465`; unset: mail waits, webhooks still go. */
  smtpUrl?: string;
  /** `Voxdesk <leads@example.com>`. */
  from: string;
  log: Logger;
  now?: () => number;
  fetch?: typeof fetch;
  /** How long a claim holds a message: longer than the slowest send (timeouts below). */
  leaseMs?: number;
  /** How often the queue is polled when nothing kicks it. */
  intervalMs?: number;
  batchSize?: number;
  /** The first retry's delay (`MAIL_RETRY_SECONDS`, default 30 s), doubling after each failure. */
  retryBaseMs?: number;
}

export const DEFAULT_LEASE_MS = 2 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const WEBHOOK_TIMEOUT_MS = 10_000;

export type Outcome = 'sent' | 'retry' | 'failed';

/** The domain of the From address, for Message-IDs. */
function domainOf(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'voxdesk.local';
}

/** `<msg_…@domain>`: the same on every attempt, so a repeat is recognisable as one message. */
export const messageIdOf = (id: string, from: string) => `<${id}@${domainOf(from)}>`;

interface SmtpError {
  responseCode?: number;
  code?: string;
  response?: string;
  message?: string;
}

/** A 5xx reply refuses this message for good; anything else (down, 4xx, auth) may pass later. */
function smtpOutcome(error: SmtpError): Exclude<Outcome, 'sent'> {
  // A login refusal (535) is the settings' fault, not the message's: retried once fixed.
  if (error.code === 'EAUTH') return 'retry';
  return typeof error.responseCode === 'number' && error.responseCode >= 500 ? 'failed' : 'retry';
}

const describe = (error: SmtpError) =>
  (error.response ?? error.message ?? String(error)).replace(/\s+/g, ' ').trim();

export class OutboxSender {
  readonly #options: SenderOptions;
  readonly #owner = `sender_${randomUUID()}`;
  readonly #transport: Transporter | undefined;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #again = false;
  #stopped = false;

  constructor(options: SenderOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS } as never)
      : undefined;
  }

  get mailConfigured(): boolean {
    return this.#transport !== undefined;
  }

  /** Polls every `intervalMs` until `stop()`. */
  start(): void {
    const every = this.#options.intervalMs ?? 5_000;
    this.#timer = setInterval(() => this.kick(), every);
    this.#timer.unref();
    this.kick();
  }

  /** Delivers soon, without making the caller wait (a visitor's request never waits on mail). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.runOnce()
      .catch((error: unknown) =>
        this.#options.log({
          level: 'error',
          msg: `outbox delivery failed: ${String((error as Error)?.message ?? error)}`,
        }),
      )
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** One pass: claims due messages batch by batch until none are left. Returns the outcomes. */
  async runOnce(): Promise<Record<Outcome, number>> {
    const counts: Record<Outcome, number> = { sent: 0, retry: 0, failed: 0 };
    const kinds = this.#transport ? (['email', 'webhook'] as const) : (['webhook'] as const);
    for (;;) {
      if (this.#stopped) return counts;
      const batch = await this.#options.outbox.claim({
        owner: this.#owner,
        limit: this.#options.batchSize ?? 10,
        leaseMs: this.#options.leaseMs ?? DEFAULT_LEASE_MS,
        now: this.#now(),
        kinds,
      });
      if (batch.length === 0) return counts;
      for (const message of batch) counts[await this.#deliver(message)]++;
    }
  }

  async #deliver(message: OutboxMessage): Promise<Outcome> {
    const { outbox, log } = this.#options;
    let outcome: Outcome;
    let error = '';
    if (message.payload.kind === 'email') {
      try {
        outcome = await this.#sendMail(message);
      } catch (caught) {
        outcome = smtpOutcome(caught as SmtpError);
        error = describe(caught as SmtpError);
      }
    } else {
      ({ outcome, error } = await this.#post(message));
    }
    if (outcome === 'sent') {
      await outbox.markSent(message.id, this.#owner, this.#now());
    } else if (outcome === 'retry') {
      const retryAt =
        this.#now() + outboxRetryDelay(message.attempts, Math.random, this.#options.retryBaseMs);
      await outbox.retryLater(message.id, this.#owner, error || 'temporary failure', retryAt);
      log({ level: 'warn', msg: `outbox: ${message.topic} ${message.id} not delivered, retrying: ${error}` });
    } else {
      await outbox.markFailed(message.id, this.#owner, error, this.#now());
      log({ level: 'error', msg: `outbox: ${message.topic} ${message.id} refused for good: ${error}` });
    }
    return outcome;
  }

  async #sendMail(message: OutboxMessage): Promise<Outcome> {
    const payload = message.payload;
    if (payload.kind !== 'email' || !this.#transport) return 'retry';
    // Resolves only on the server's 250 for the whole message.
    await this.#transport.sendMail({
      from: this.#options.from,
      to: payload.to,
      ...(payload.replyTo ? { replyTo: payload.replyTo } : {}),
      subject: payload.subject,
      text: payload.text,
      html: payload.html,
      messageId: messageIdOf(message.id, this.#options.from),
      headers: { 'Auto-Submitted': 'auto-generated', 'X-Voxdesk-Topic': message.topic },
    });
    return 'sent';
  }

  async #post(message: OutboxMessage): Promise<{ outcome: Outcome; error: string }> {
    const payload = message.payload;
    if (payload.kind !== 'webhook') return { outcome: 'failed', error: 'not a webhook' };
    let response: Response;
    try {
      response = await (this.#options.fetch ?? fetch)(payload.url, {
        method: 'POST',
        // Slack ignores it; receivers that deduplicate can use it (same on every attempt).
        headers: { 'content-type': 'application/json', 'idempotency-key': message.id },
        body: JSON.stringify(payload.body),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      return {
        outcome: 'retry',
        error: `webhook unreachable: ${String((error as Error)?.message ?? error)}`,
      };
    }
    await response.body?.cancel();
    if (response.ok) return { outcome: 'sent', error: '' };
    // A 4xx other than timeout/rate limit means the URL or body is wrong: retrying cannot help.
    const permanent = response.status < 500 && ![408, 429].includes(response.status);
    return { outcome: permanent ? 'failed' : 'retry', error: `webhook answered HTTP ${response.status}` };
  }

  /**
   * The Admin's test: one mail sent now and answered with the server's reply. It skips the
   * queue on purpose: its point is to report whether the SMTP server accepts mail right now.
   */
  async sendTest(to: string, mail: MailContent): Promise<{ ok: true } | { error: string }> {
    if (!this.#transport)
      return { error: 'SMTP_URL is not set, so no mail can be sent. Set it and restart the server.' };
    try {
      await this.#transport.sendMail({ from: this.#options.from, to, ...mail });
      return { ok: true };
    } catch (error) {
      return { error: `The mail server did not accept the test email: ${describe(error as SmtpError)}` };
    }
  }

  /** Resolves when no pass is running (tests: after a request kicked one). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops polling and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
    this.#transport?.close();
  }
}
