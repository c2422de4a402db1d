import type { AttemptStore, NewLead, NewOutboxMessage, ReceivedRequest } from '@voxdesk/auth';
import { AttemptLimit, type ThrottleRule } from '../throttle.ts';
import { leadConfirmation, leadWebhookBody, newLeadToOwner } from './messages.ts';
import type { OutboxSender } from './sender.ts';

/** The mail settings of the environment (docs/mail.md). */
export interface MailSettings {
  /** `SMTP_URL`; unset: mail is queued and waits. */
  smtpUrl?: string;
  /** `MAIL_FROM`. */
  from: string;
  /** `LEADS_NOTIFY_TO` (default: the first Admin's `ADMIN_EMAIL`); unset: no owner mail. */
  notifyTo?: string;
  /** `LEADS_WEBHOOK_URL`: a Slack-compatible incoming webhook. */
  webhookUrl?: string;
  /**
   * `SITE_URL`: the public origin for links in mail; start.ts falls back to the address the
   * server listens on. Never the request's Host header, which a caller could set to their own
   * host and so receive someone's reset link.
   */
  siteUrl?: string;
  /** `MAIL_RETRY_SECONDS`: the first retry's delay, doubling up to an hour. */
  retryBaseMs?: number;
}

export const DEFAULT_MAIL_FROM = 'Voxdesk <no-reply@voxdesk.local>';

/** Mail to one address a visitor typed: at most 3 a day, whoever asks. */
export const DEFAULT_VISITOR_MAIL_RULE: ThrottleRule = { limit: 3, windowMs: 24 * 60 * 60_000 };

/** What the routes use to send: the settings, the sender to kick, the per-recipient limit. */
export interface Mail {
  settings: MailSettings;
  sender: OutboxSender;
  /** Counts one mail to an address a visitor typed; false past the day's limit. */
  visitorMayReceive(address: string): Promise<boolean>;
}

export function createMail(
  settings: MailSettings,
  sender: OutboxSender,
  attempts: AttemptStore,
  now: () => number,
  rule: ThrottleRule = DEFAULT_VISITOR_MAIL_RULE,
): Mail {
  const limit = new AttemptLimit(attempts, rule, now);
  return {
    settings,
    sender,
    async visitorMayReceive(address) {
      return (await limit.hit(`mail-to:${address.trim().toLowerCase()}`)).allowed;
    },
  };
}

/** A link to `path` on the public site, or undefined when no address is known. */
export const siteLink = (settings: MailSettings, path: string) =>
  settings.siteUrl ? `${settings.siteUrl.replace(/\/+$/, '')}${path}` : undefined;

/**
 * A request's messages: the owner's mail (reply-to the lead), the visitor's confirmation
 * when their address is under its daily limit, and the owner's webhook. For the lead store
 * (`createLead`), which says whether the request is a repeat (`requests` > 1): the owner is
 * told once, as a repeat, not as a second lead.
 */
export const leadMessages =
  (lead: NewLead, settings: MailSettings, confirmVisitor: boolean) =>
  ({ requests }: ReceivedRequest): NewOutboxMessage[] => {
    const adminUrl = siteLink(settings, '/admin/leads');
    const messages: NewOutboxMessage[] = [];
    if (settings.notifyTo) {
      messages.push({
        topic: 'lead-owner',
        payload: {
          kind: 'email',
          to: settings.notifyTo,
          replyTo: lead.email,
          ...newLeadToOwner(lead, adminUrl, requests),
        },
      });
    }
    if (confirmVisitor) {
      messages.push({
        topic: 'lead-visitor',
        payload: { kind: 'email', to: lead.email, ...leadConfirmation(lead) },
      });
    }
    if (settings.webhookUrl) {
      messages.push({
        topic: 'lead-webhook',
        payload: {
          kind: 'webhook',
          url: settings.webhookUrl,
          body: leadWebhookBody(lead, adminUrl, requests),
        },
      });
    }
    return messages;
  };
