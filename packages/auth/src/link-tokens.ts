// One-time links (client invitations, password resets): a random token in the mailed URL,
// only its SHA-256 in the store, used once, expiring after 72 hours; a new link for the same
// user and purpose revokes the older one.
import { createHash, randomBytes } from 'node:crypto';
import type { NewOutboxMessage } from './outbox.ts';

export type LinkPurpose = 'invite' | 'reset';

export const LINK_LIFETIME_MS = 72 * 60 * 60_000;

export interface NewLinkToken {
  /** `linkTokenHash(token)`, never the token. */
  hash: string;
  userId: string;
  purpose: LinkPurpose;
  createdAt: number;
  expiresAt: number;
}

export interface LinkTokenStore {
  /**
   * Stores the link, revokes the user's older unused links of the same purpose, and queues
   * `messages` (the mail carrying the link), in one transaction.
   */
  issueLinkToken(link: NewLinkToken, messages: readonly NewOutboxMessage[]): Promise<void>;
  /**
   * Uses the link once, atomically: the user and purpose, or undefined when the token is
   * unknown, already used, revoked or expired.
   */
  consumeLinkToken(hash: string, now: number): Promise<{ userId: string; purpose: LinkPurpose } | undefined>;
}

/** A fresh token for a URL: 32 random bytes, base64url. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
