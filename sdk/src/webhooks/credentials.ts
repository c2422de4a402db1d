/**
 * The credentials Vapi can attach to a server-URL request, in the shapes of Vapi's own
 * credential objects (`HMACAuthenticationPlan`, `BearerAuthenticationPlan`), plus the legacy
 * `serverUrlSecret` sent as `x-vapi-secret`. Defaults are those the OpenAPI document states.
 */
import type { components } from '../generated/openapi.ts';
import { fromBase64, utf8 } from './bytes.ts';
import { createMac, type MacFunction } from './hmac.ts';

/** An HMAC credential exactly as Vapi configures it (`credential.authenticationPlan`). */
export type HmacCredential = components['schemas']['HMACAuthenticationPlan'];
/** A bearer credential: `Authorization: Bearer <token>`, or `headerName` / no prefix. */
export type BearerCredential = components['schemas']['BearerAuthenticationPlan'];
/** The legacy `serverUrlSecret`: sent verbatim in the `x-vapi-secret` header. */
export interface VapiSecretCredential {
  type: 'x-vapi-secret';
  secret: string;
}
/** Any credential Vapi can attach to a server URL. */
export type WebhookCredential = HmacCredential | BearerCredential | VapiSecretCredential;

/** The HMAC plan defaults the OpenAPI document states (and `svix-id` for `{svix-id}`). */
export const HMAC_DEFAULTS = {
  signatureHeader: 'x-signature',
  timestampHeader: 'x-timestamp',
  /** Vapi names no default; `svix-id` is the header Svix-style receivers read. */
  messageIdHeader: 'svix-id',
  payloadFormat: '{timestamp}.{body}',
  signatureEncoding: 'hex',
} as const;

const HASHES = { sha1: 'SHA-1', sha256: 'SHA-256', sha512: 'SHA-512' } as const;

/** An HMAC credential with every default filled in. */
export interface ResolvedHmac {
  type: 'hmac';
  /** The MAC under this credential's key and hash. */
  mac: MacFunction;
  signatureHeader: string;
  timestampHeader: string | undefined;
  messageIdHeader: string;
  signaturePrefix: string;
  payloadFormat: string;
  signatureEncoding: 'hex' | 'base64';
}
export interface ResolvedToken {
  type: 'token';
  header: string;
  /** The exact header value that proves the secret (`Bearer abc`, or `abc`). */
  expected: Uint8Array;
}
export type ResolvedCredential = ResolvedHmac | ResolvedToken;

const fail = (message: string): never => {
  throw new TypeError(`Webhook credential: ${message}`);
};

function resolveHmac(credential: HmacCredential): ResolvedHmac {
  const hash = HASHES[credential.algorithm];
  if (!hash) fail(`algorithm must be sha1, sha256 or sha512, not ${JSON.stringify(credential.algorithm)}.`);
  if (!credential.secretKey) fail('secretKey is empty.');
  const encoding = credential.signatureEncoding ?? HMAC_DEFAULTS.signatureEncoding;
  if (encoding !== 'hex' && encoding !== 'base64')
    fail(`signatureEncoding must be hex or base64, not ${JSON.stringify(encoding)}.`);
  let secret = utf8(credential.secretKey);
  if (credential.secretIsBase64) {
    const decoded = fromBase64(credential.secretKey);
    if (!decoded?.length) return fail('secretIsBase64 is set but secretKey is not base64.');
    secret = decoded;
  }
  const includeTimestamp = credential.includeTimestamp ?? true;
  return {
    type: 'hmac',
    mac: createMac(secret, hash),
    signatureHeader: (credential.signatureHeader || HMAC_DEFAULTS.signatureHeader).toLowerCase(),
    timestampHeader: includeTimestamp
      ? (credential.timestampHeader || HMAC_DEFAULTS.timestampHeader).toLowerCase()
      : undefined,
    messageIdHeader: (credential.messageIdHeader || HMAC_DEFAULTS.messageIdHeader).toLowerCase(),
    signaturePrefix: credential.signaturePrefix ?? '',
    // Without a timestamp the default payload is the body alone.
    payloadFormat: credential.payloadFormat || (includeTimestamp ? HMAC_DEFAULTS.payloadFormat : '{body}'),
    signatureEncoding: encoding,
  };
}

/** Checks a credential and prepares it. Bad settings throw a TypeError saying which. */
export function resolveCredential(credential: WebhookCredential): ResolvedCredential {
  switch (credential?.type) {
    case 'hmac':
      return resolveHmac(credential);
    case 'bearer': {
      if (!credential.token) return fail('bearer token is empty.');
      const prefix = credential.bearerPrefixEnabled === false ? '' : 'Bearer ';
      return {
        type: 'token',
        header: (credential.headerName || 'authorization').toLowerCase(),
        expected: utf8(prefix + credential.token),
      };
    }
    case 'x-vapi-secret':
      if (!credential.secret) return fail('x-vapi-secret secret is empty.');
      return { type: 'token', header: 'x-vapi-secret', expected: utf8(credential.secret) };
    default:
      return fail(
        `type must be "hmac", "bearer" or "x-vapi-secret", not ${JSON.stringify((credential as { type?: unknown })?.type)}.`,
      );
  }
}

/**
 * A bare secret string: whichever way Vapi sends it — HMAC-SHA256 with the default headers
 * and payload, `Authorization: Bearer <secret>`, or `x-vapi-secret: <secret>`.
 */
export function credentialsForSecret(secret: string): WebhookCredential[] {
  return [
    { type: 'hmac', algorithm: 'sha256', secretKey: secret },
    { type: 'bearer', token: secret },
    { type: 'x-vapi-secret', secret },
  ];
}
