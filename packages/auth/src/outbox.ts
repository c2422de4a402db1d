// The outbox: every mail and webhook the site sends is first a row here, written in the same
// transaction as what it reports where the store allows. Delivery (site/server/mail/) claims
// rows with a lease, so one instance at a time holds a message, and marks a row sent only
// after the receiving server accepted it.
import { backoffDelay, type Jitter } from './retry.ts';

/** What a queued message carries: an email, or a JSON body for a webhook URL. */
export type OutboxPayload =
  | {
      kind: 'email';
      to: string;
      replyTo?: string;
      subject: string;
      text: string;
      html: string;
    }
  | { kind: 'webhook'; url: string; body: unknown };

export interface NewOutboxMessage {
  /** What the message is about, for the Admin's list: `lead-owner`, `lead-visitor`, `invite`… */
  topic: string;
  payload: OutboxPayload;
  /**
   * Queue at most once: a message with this key is queued only if none with it ever was (the
   * daily digest's `digest-2026-11-26`, from any number of instances). Letters, digits, - and _.
   */
  onceKey?: string;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxMessage extends NewOutboxMessage {
  /** Stable for the life of the message: the Message-ID and webhook idempotency key derive from it. */
  id: string;
  status: OutboxStatus;
  /** Delivery attempts started (claims), this one included when just claimed. */
  attempts: number;
  /** ms since the epoch. */
  createdAt: number;
  nextAttemptAt: number;
  lastError: string | null;
  sentAt: number | null;
}

/** A message the receiving server refused for good (5xx), for the Admin. */
export interface OutboxFailure {
  id: string;
  topic: string;
  /** The address or the webhook's host, never the body. */
  recipient: string;
  error: string;
  failedAt: number;
}

export interface OutboxSummary {
  /** Pending messages, due or backing off. */
  waiting: number;
  failed: number;
  /** The newest permanent failures, at most `failureLimit`. */
  failures: OutboxFailure[];
}

export interface ClaimOptions {
  /** Who holds the lease (one id per delivering process). */
  owner: string;
  limit: number;
  leaseMs: number;
  now: number;
  /** Only these kinds (default both): without SMTP, webhooks still go out. */
  kinds?: readonly OutboxPayload['kind'][];
}

/**
 * The queue. `claim` is atomic across instances: a pending, due message whose lease has
 * lapsed goes to exactly one caller, who holds it until `leaseMs` passes. The other
 * methods act only while the caller still holds the lease and say whether it did.
 */
export interface OutboxStore {
  /** Queues messages, deliverable from `notBefore` (default: at once). Returns their ids. */
  enqueue(messages: readonly NewOutboxMessage[], now: number, notBefore?: number): Promise<string[]>;
  /** Makes held messages due now (the Airtable lead path: see `OutboxFirstLeadStore`). */
  release(ids: readonly string[], now: number): Promise<void>;
  /** Removes messages that report something that was never stored. */
  cancel(ids: readonly string[]): Promise<void>;
  claim(options: ClaimOptions): Promise<OutboxMessage[]>;
  /** After the server's 2xx/250. */
  markSent(id: string, owner: string, now: number): Promise<boolean>;
  /** A temporary failure: due again at `retryAt`. */
  retryLater(id: string, owner: string, error: string, retryAt: number): Promise<boolean>;
  /** A permanent failure: never retried, shown to the Admin. */
  markFailed(id: string, owner: string, error: string, now: number): Promise<boolean>;
  summary(options?: { failureLimit?: number }): Promise<OutboxSummary>;
  /** One message, for tests and tools. */
  findMessage(id: string): Promise<OutboxMessage | undefined>;
}

export const newOutboxId = () => `msg_${crypto.randomUUID().replace(/-/g, '')}`;

/** A message's id: random, or fixed by its `onceKey` (the table's key then refuses a second copy). */
export function outboxIdOf(message: NewOutboxMessage): string {
  if (message.onceKey === undefined) return newOutboxId();
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(message.onceKey)) throw new Error(`Bad outbox key: ${message.onceKey}`);
  return `msg_once_${message.onceKey}`;
}

/** Where a message goes, as shown to the Admin: the address, or the webhook's origin. */
export function outboxRecipient(payload: OutboxPayload): string {
  if (payload.kind === 'email') return payload.to;
  try {
    return new URL(payload.url).origin;
  } catch {
    return 'webhook';
  }
}

/** Longest error text kept per message. */
export const MAX_OUTBOX_ERROR = 500;
export const clipError = (error: string) =>
  error.length > MAX_OUTBOX_ERROR ? `${error.slice(0, MAX_OUTBOX_ERROR - 1)}…` : error;

export const DEFAULT_RETRY_BASE_MS = 30_000;

/** ±20 % around the doubling wait, so instances that failed together do not retry together. */
const OUTBOX_JITTER: Jitter = { low: 0.8, high: 1.2 };

/** The wait before attempt `attempts + 1`: `baseMs` (30 s) doubling to at most an hour, ±20 %. */
export function outboxRetryDelay(
  attempts: number,
  random: () => number = Math.random,
  baseMs: number = DEFAULT_RETRY_BASE_MS,
): number {
  return backoffDelay(attempts, { baseMs, maxMs: 60 * 60_000, jitter: OUTBOX_JITTER }, random);
}
