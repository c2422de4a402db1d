import type { OutboxStore } from '@voxdesk/auth';
import type { Logger } from '../request-log.ts';
import type { MailSettings } from './settings.ts';

/** Says at start what will happen to mail, and how much is waiting. */
export async function logMailStart(settings: MailSettings, outbox: OutboxStore, log: Logger): Promise<void> {
  let waiting = 0;
  try {
    waiting = (await outbox.summary({ failureLimit: 0 })).waiting;
  } catch (error) {
    log({ level: 'warn', msg: `could not read the outbox: ${String((error as Error)?.message ?? error)}` });
  }
  if (!settings.smtpUrl) {
    log({
      level: 'warn',
      msg: `SMTP_URL is not set: mail is kept, not sent (${waiting} notification${waiting === 1 ? '' : 's'} waiting). Set SMTP_URL and restart to send them (docs/mail.md)`,
    });
  } else {
    log({
      level: 'info',
      msg: `mail: sending through ${new URL(settings.smtpUrl).host} from ${settings.from} (${waiting} waiting)`,
    });
  }
  if (!settings.notifyTo) {
    log({
      level: 'warn',
      msg: 'LEADS_NOTIFY_TO and ADMIN_EMAIL are not set: new leads are not mailed to an owner (docs/mail.md)',
    });
  }
}
