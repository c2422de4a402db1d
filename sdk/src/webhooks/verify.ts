/**
 * Verifies that a server-URL request comes from Vapi: an HMAC signature over the raw body
 * (with the replay window of its timestamp), a bearer token or the legacy `x-vapi-secret`.
 */
import { timingSafeEqual, utf8 } from './bytes.ts';
import {
  credentialsForSecret,
  resolveCredential,
  type ResolvedCredential,
  type ResolvedHmac,
  type ResolvedToken,
  type WebhookCredential,
} from './credentials.ts';
import { WebhookVerificationError } from './errors.ts';
import { decodeSignature, signedPayload, usesPlaceholder } from './payload.ts';

/** Five minutes either side of now, as most webhook senders use. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** How requests are verified: secrets or credentials, and the replay window. */
export interface VerifierOptions {
  /** A secret as Vapi's default credentials use it (HMAC-SHA256 defaults, bearer or x-vapi-secret); several during rotation. */
  secret?: string | readonly string[];
  /** Credentials exactly as configured in Vapi; a request passes when any one verifies it. */
  credentials?: WebhookCredential | readonly WebhookCredential[];
  /** Allowed distance between the HMAC timestamp and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

/** What a signed request carries, independent of any framework. */
export interface SignedRequest {
  method: string;
  /** The URL Vapi posted to (used by a `{url}` payload format). */
  url: string;
  headers: Headers | Record<string, string | undefined>;
  /** The raw body exactly as received. */
  body: Uint8Array | string;
}

/** A successful verification. */
export interface Verification {
  /** The configured credential that verified the request. */
  credential: WebhookCredential;
}

/** A header by its lower-case name, from `Headers` or a plain record in any case. */
function header(headers: SignedRequest['headers'], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const key in headers) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

const missing = (name: string) =>
  new WebhookVerificationError('missing-header', `The request has no ${name} header.`, name);

/**
 * Seconds or milliseconds since the epoch (Vapi sends one of them; both are accepted): 12
 * digits or more are milliseconds (as seconds they would be past the year 5000).
 */
function checkTimestamp(value: string, name: string, toleranceSeconds: number, nowMs: number): void {
  if (!/^\d{1,16}$/.test(value.trim()))
    throw new WebhookVerificationError(
      'invalid-timestamp',
      `The ${name} header is not a Unix time: ${JSON.stringify(value.slice(0, 40))}.`,
      name,
    );
  const number = Number(value);
  const ms = number >= 1e11 ? number : number * 1000;
  const skew = Math.abs(nowMs - ms) / 1000;
  if (skew > toleranceSeconds)
    throw new WebhookVerificationError(
      'stale-timestamp',
      `The ${name} header is ${Math.round(skew)} s from now, outside the ${toleranceSeconds} s tolerance (a replay, or a wrong clock).`,
      name,
    );
}

async function verifyHmac(
  credential: ResolvedHmac,
  request: SignedRequest,
  body: Uint8Array,
  toleranceSeconds: number,
  nowMs: number,
): Promise<void> {
  const name = credential.signatureHeader;
  const value = header(request.headers, name);
  if (value === undefined) throw missing(name);
  let timestamp = '';
  if (credential.timestampHeader) {
    timestamp = header(request.headers, credential.timestampHeader) ?? '';
    if (!timestamp) throw missing(credential.timestampHeader);
    checkTimestamp(timestamp, credential.timestampHeader, toleranceSeconds, nowMs);
  }
  let messageId = '';
  if (usesPlaceholder(credential.payloadFormat, 'svix-id')) {
    messageId = header(request.headers, credential.messageIdHeader) ?? '';
    if (!messageId) throw missing(credential.messageIdHeader);
  }
  const expected = await credential.mac(
    signedPayload(credential.payloadFormat, {
      body,
      timestamp,
      method: request.method.toUpperCase(),
      url: request.url,
      messageId,
    }),
  );
  // Several signatures separated by spaces are accepted (senders list one per active secret).
  let wellFormed = false;
  let matched = false;
  for (const candidate of value.trim().split(/\s+/)) {
    if (!candidate.startsWith(credential.signaturePrefix)) continue;
    const bytes = decodeSignature(credential, candidate.slice(credential.signaturePrefix.length));
    // An empty signature (a bare prefix, an empty header) is no signature at all.
    if (!bytes?.length) continue;
    wellFormed = true;
    if (timingSafeEqual(bytes, expected)) matched = true;
  }
  if (!wellFormed)
    throw new WebhookVerificationError(
      'malformed-signature',
      `The ${name} header is not a ${credential.signatureEncoding} signature` +
        (credential.signaturePrefix ? ` prefixed with ${JSON.stringify(credential.signaturePrefix)}.` : '.'),
      name,
    );
  if (!matched)
    throw new WebhookVerificationError(
      'bad-signature',
      `The ${name} header does not match the body: wrong secret, or the body was changed (verify the raw body, not re-serialised JSON).`,
      name,
    );
}

function verifyToken(credential: ResolvedToken, request: SignedRequest): void {
  const value = header(request.headers, credential.header);
  if (value === undefined) throw missing(credential.header);
  if (!timingSafeEqual(utf8(value), credential.expected))
    throw new WebhookVerificationError(
      'bad-token',
      `The ${credential.header} header does not match the configured secret.`,
      credential.header,
    );
}

/** A verifier with its credentials prepared once; call it for every request. */
export type Verifier = (request: SignedRequest) => Promise<Verification>;

/**
 * Prepares a verifier. It resolves when a credential verifies the request and otherwise
 * rejects with a {@link WebhookVerificationError}; bad settings throw a TypeError at once.
 */
export function createVerifier(options: VerifierOptions): Verifier {
  const secrets = options.secret === undefined ? [] : [options.secret].flat();
  if (secrets.some((secret) => typeof secret !== 'string' || !secret))
    throw new TypeError(
      'Webhook verification: `secret` is empty or not a string; set it to the secret of your server URL credential.',
    );
  const configured = [
    ...secrets.flatMap((secret) => credentialsForSecret(secret)),
    ...(options.credentials === undefined ? [] : [options.credentials].flat()),
  ];
  if (!configured.length)
    throw new TypeError(
      'Webhook verification needs `secret` or `credentials` (several allowed for rotation).',
    );
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!(tolerance >= 0)) throw new TypeError('toleranceSeconds must be a number of seconds, 0 or more.');
  const now = options.now ?? Date.now;
  const credentials: ResolvedCredential[] = configured.map(resolveCredential);
  return async (request) => {
    // why: toString, not instanceof, so bytes from another realm (a vm, a test environment) pass.
    if (
      typeof request.body !== 'string' &&
      Object.prototype.toString.call(request.body) !== '[object Uint8Array]'
    )
      throw new TypeError(
        'Webhook verification needs the raw body exactly as received (a string or Uint8Array), not parsed JSON.',
      );
    const body = typeof request.body === 'string' ? utf8(request.body) : request.body;
    const nowMs = now();
    const errors: WebhookVerificationError[] = [];
    for (const [index, credential] of credentials.entries()) {
      try {
        if (credential.type === 'hmac') await verifyHmac(credential, request, body, tolerance, nowMs);
        else verifyToken(credential, request);
        // why: `credentials` is `configured` normalised one to one, so the index exists.
        return { credential: configured[index]! };
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        errors.push(error);
      }
    }
    // The most telling failure: one from a credential whose header was present.
    throw errors.find((error) => error.reason !== 'missing-header') ?? errors[0]!;
  };
}

/** Verifies one request (prefer {@link createVerifier} to import keys once). */
export function verifyWebhook(request: SignedRequest, options: VerifierOptions): Promise<Verification> {
  return createVerifier(options)(request);
}
