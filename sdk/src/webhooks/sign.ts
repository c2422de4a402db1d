/** Signs a server-URL request the way Vapi does, for tests and local tools. */
import { utf8 } from './bytes.ts';
import { resolveCredential, type WebhookCredential } from './credentials.ts';
import { encodeSignature, signedPayload, usesPlaceholder } from './payload.ts';

/** What {@link signWebhook} signs. */
export interface SignWebhookInput {
  /** The JSON body; an object is serialised with `JSON.stringify`. */
  body: string | Uint8Array | object;
  /** Default POST (Vapi always posts). */
  method?: string;
  /** The server URL, for a `{url}` payload format. */
  url?: string;
  /** Unix seconds (default: now); a Date is converted. */
  timestamp?: number | Date;
  /** The message id for `{svix-id}` (default: a random UUID). */
  messageId?: string;
}

/** The request Vapi would send: its headers and body. */
export interface SignedWebhook {
  /** Header names in lower case, ready for `fetch(url, { method: 'POST', headers, body })`. */
  headers: Record<string, string>;
  /** The exact bytes that were signed, as text when the input was text or an object. */
  body: string | Uint8Array<ArrayBuffer>;
}

/** The headers and body Vapi would send to a server URL with this credential. */
export async function signWebhook(
  credential: WebhookCredential,
  input: SignWebhookInput,
): Promise<SignedWebhook> {
  const body =
    typeof input.body === 'string'
      ? input.body
      : input.body instanceof Uint8Array
        ? Uint8Array.from(input.body)
        : JSON.stringify(input.body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const resolved = resolveCredential(credential);
  if (resolved.type === 'token') {
    headers[resolved.header] = new TextDecoder().decode(resolved.expected);
    return { headers, body };
  }
  const time = input.timestamp ?? Date.now() / 1000;
  const timestamp = String(Math.floor(time instanceof Date ? time.getTime() / 1000 : time));
  const messageId = input.messageId ?? crypto.randomUUID();
  const signature = await resolved.mac(
    signedPayload(resolved.payloadFormat, {
      body: typeof body === 'string' ? utf8(body) : body,
      timestamp: resolved.timestampHeader ? timestamp : '',
      method: (input.method ?? 'POST').toUpperCase(),
      url: input.url ?? '',
      messageId,
    }),
  );
  headers[resolved.signatureHeader] = encodeSignature(resolved, signature);
  if (resolved.timestampHeader) headers[resolved.timestampHeader] = timestamp;
  if (
    usesPlaceholder(resolved.payloadFormat, 'svix-id') ||
    (credential.type === 'hmac' && credential.messageIdHeader)
  )
    headers[resolved.messageIdHeader] = messageId;
  return { headers, body };
}
