// The account mails that carry a one-time link (invite, reset), and the notice after every
// password change. Each link is stored hashed with its mail queued in one transaction.
import {
  LINK_LIFETIME_MS,
  linkTokenHash,
  newLinkToken,
  type Accounts,
  type LinkPurpose,
  type PublicUser,
} from '@voxdesk/auth';
import type { AfterAnswer } from '../after-answer.ts';
import { clientInvite, passwordChanged, passwordReset, type MailLang } from './messages.ts';
import { siteLink, type Mail } from './settings.ts';

/** The one set-password page (shell24's), reading the token from the fragment: never sent to a server log. */
export const SET_PASSWORD_PATH = '/set-password';

/** Issues a link for `user` (revoking the older one of the same purpose) and queues its mail. */
export async function sendLink(
  accounts: Accounts,
  mail: Mail,
  user: Pick<PublicUser, 'id' | 'name' | 'email'>,
  purpose: LinkPurpose,
  lang: MailLang,
  now: number,
): Promise<void> {
  const token = newLinkToken();
  const path = `${SET_PASSWORD_PATH}#token=${token}`;
  const link = siteLink(mail.settings, path) ?? path;
  const content = purpose === 'invite' ? clientInvite(user.name, lang, link) : passwordReset(lang, link);
  await accounts.store.linkTokens.issueLinkToken(
    {
      hash: linkTokenHash(token),
      userId: user.id,
      purpose,
      createdAt: now,
      expiresAt: now + LINK_LIFETIME_MS,
    },
    [
      {
        topic: purpose === 'invite' ? 'invite' : 'password-reset',
        payload: { kind: 'email', to: user.email, ...content },
      },
    ],
  );
  mail.sender.kick();
}

/**
 * "Your password was changed", after every change, to the account's address: queued after the
 * answer (`afterAnswer`), so the change never waits on the outbox or fails with it.
 */
export function sendPasswordNotices(
  accounts: Accounts,
  mail: Mail,
  now: () => number,
  afterAnswer: AfterAnswer,
): void {
  accounts.onPasswordChanged((user) => {
    const when = new Intl.DateTimeFormat('en-AU', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(now());
    afterAnswer.run('queueing the password-changed notice', async () => {
      await accounts.store.outbox.enqueue(
        [
          {
            topic: 'password-changed',
            payload: { kind: 'email', to: user.email, ...passwordChanged(user.name, 'en', `${when} UTC`) },
          },
        ],
        now(),
      );
      mail.sender.kick();
    });
  });
}
