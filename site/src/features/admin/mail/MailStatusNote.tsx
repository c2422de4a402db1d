import { useEffect, useState } from 'react';
import type { Settled } from '../../../shared/settle.ts';
import type { MailStatus } from './mail-api.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a failed message was, in words. */
const TOPICS: Record<string, string> = {
  'lead-owner': 'New lead',
  'lead-visitor': 'Lead confirmation',
  'lead-webhook': 'Lead webhook',
  invite: 'Invitation',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed notice',
};

/**
 * The outbox in one glance above the tabs: notifications waiting (and, without SMTP_URL, what
 * to set), and the ones a mail server refused for good. Says nothing when all is delivered.
 */
export function MailStatusNote({ status }: { status: Promise<Settled<MailStatus>> }) {
  const [settled, setSettled] = useState<Settled<MailStatus>>();
  useEffect(() => {
    let live = true;
    void status.then((value) => live && setSettled(value));
    return () => {
      live = false;
    };
  }, [status]);

  if (!settled?.ok) return null;
  const { smtpConfigured, waiting, failed, failures } = settled.value;
  if (waiting === 0 && failed === 0 && smtpConfigured) return null;

  return (
    <section className="admin-mail" aria-label="Notifications">
      {!smtpConfigured && (
        <p role="status" className="admin-mail-note">
          <strong>{plural(waiting, 'notification', 'notifications')} waiting — set SMTP_URL</strong> New leads
          are kept and will be emailed once the server has a mail server (see docs/mail.md).
        </p>
      )}
      {smtpConfigured && waiting > 0 && (
        <p role="status" className="admin-mail-note">
          {plural(waiting, 'notification', 'notifications')} waiting to be sent (retried while the mail server
          is unavailable).
        </p>
      )}
      {failed > 0 && (
        <div className="admin-mail-failed">
          <p>
            <strong>{plural(failed, 'notification was', 'notifications were')} refused for good</strong> by
            the receiving server:
          </p>
          <ul>
            {failures.map((failure) => (
              <li key={failure.id}>
                {TOPICS[failure.topic] ?? failure.topic} to {failure.recipient}: {failure.error}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
