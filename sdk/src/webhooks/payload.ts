/** The bytes an HMAC credential signs: its `payloadFormat` with the raw body spliced in. */
import { concat, fromBase64, fromHex, toBase64, toHex, utf8 } from './bytes.ts';
import type { ResolvedHmac } from './credentials.ts';

export interface PayloadParts {
  body: Uint8Array;
  timestamp: string;
  method: string;
  url: string;
  messageId: string;
}

const PLACEHOLDER = /\{(body|timestamp|method|url|svix-id)\}/g;

/** Which placeholders a format uses, so a verifier knows which headers it needs. */
export const usesPlaceholder = (format: string, name: string) => format.includes(`{${name}}`);

/** The body bytes stay untouched (never decoded and re-encoded), whatever they contain. */
export function signedPayload(format: string, parts: PayloadParts): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  let last = 0;
  for (const match of format.matchAll(PLACEHOLDER)) {
    chunks.push(utf8(format.slice(last, match.index)));
    const name = match[1];
    if (name === 'body') chunks.push(parts.body);
    else if (name === 'timestamp') chunks.push(utf8(parts.timestamp));
    else if (name === 'method') chunks.push(utf8(parts.method));
    else if (name === 'url') chunks.push(utf8(parts.url));
    else chunks.push(utf8(parts.messageId));
    last = match.index + match[0].length;
  }
  chunks.push(utf8(format.slice(last)));
  return concat(chunks);
}

export async function mac(credential: ResolvedHmac, payload: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await credential.key, payload));
}

export const encodeSignature = (credential: ResolvedHmac, bytes: Uint8Array) =>
  credential.signaturePrefix + (credential.signatureEncoding === 'hex' ? toHex(bytes) : toBase64(bytes));

export const decodeSignature = (credential: ResolvedHmac, text: string) =>
  credential.signatureEncoding === 'hex' ? fromHex(text) : fromBase64(text);
