import { BRAND, isInstance } from '../brand.ts';

/** Why a server-URL request was refused. */
export type WebhookVerificationReason =
  /** A header the credential needs (signature, timestamp, token, message id) is absent. */
  | 'missing-header'
  /** The signature header is not in the credential's encoding or lacks its prefix. */
  | 'malformed-signature'
  /** The signature does not match the body with any configured secret. */
  | 'bad-signature'
  /** The bearer token or `x-vapi-secret` value matches no configured secret. */
  | 'bad-token'
  /** The timestamp header is not a Unix time. */
  | 'invalid-timestamp'
  /** The timestamp is further from now than the tolerance: a replay or a wrong clock. */
  | 'stale-timestamp';

/** A server-URL request failed verification; `reason` says how, `header` names the header involved. */
export class WebhookVerificationError extends Error {
  /** `instanceof` holds for an error from the SDK's other build too (see brand.ts). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isInstance(this, value);
  }
  /** The class's name, which `instanceof` matches across the SDK's builds. */
  get [BRAND](): string {
    return 'WebhookVerificationError';
  }
  readonly reason: WebhookVerificationReason;
  readonly header: string | undefined;

  constructor(reason: WebhookVerificationReason, message: string, header?: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
    this.header = header;
  }
}
