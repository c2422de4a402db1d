/** The bytes an HMAC credential signs: its `payloadFormat` with the raw body spliced in. */
import { fromBase64, fromHex, toBase64, toHex, utf8 } from './bytes.ts';
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

/**
 * The signed message as parts to feed the MAC in order. The body bytes stay untouched (never
 * decoded, re-encoded or copied), whatever they contain.
 */
export function signedPayload(format: string, parts: PayloadParts): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  // The text around each body is encoded in one go: `{timestamp}.{body}` is two parts, not four.
  let text = '';
  let last = 0;
  for (const match of format.matchAll(PLACEHOLDER)) {
    text += format.slice(last, match.index);
    const name = match[1];
    if (name === 'body') {
      if (text) chunks.push(utf8(text));
      chunks.push(parts.body);
      text = '';
    } else if (name === 'timestamp') text += parts.timestamp;
    else if (name === 'method') text += parts.method;
    else if (name === 'url') text += parts.url;
    else text += parts.messageId;
    last = match.index + match[0].length;
  }
  text += format.slice(last);
  if (text) chunks.push(utf8(text));
  return chunks;
}

export const encodeSignature = (credential: ResolvedHmac, bytes: Uint8Array) =>
  credential.signaturePrefix + (credential.signatureEncoding === 'hex' ? toHex(bytes) : toBase64(bytes));

export const decodeSignature = (credential: ResolvedHmac, text: string) =>
  credential.signatureEncoding === 'hex' ? fromHex(text) : fromBase64(text);
