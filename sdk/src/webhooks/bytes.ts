/** Byte helpers on Web APIs only (TextEncoder, atob/btoa), so they run on every runtime. */

const encoder = new TextEncoder();
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The value of one hex digit, or -1 (charCode arithmetic: a regex and parseInt per pair cost more than the rest of a small verification). */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1; // a-f, A-F
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (hex.length % 2 !== 0) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = hexDigit(hex.charCodeAt(i * 2));
    const low = hexDigit(hex.charCodeAt(i * 2 + 1));
    if (high < 0 || low < 0) return undefined;
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Standard or URL-safe base64, padding optional; undefined when it is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal) || normal.replace(/=+$/, '').length % 4 === 1) return undefined;
  const binary = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Compares in time that depends only on the lengths, never on where the bytes differ. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  const length = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < length; i++) diff |= (a[i % (a.length || 1)] ?? 0) ^ (b[i % (b.length || 1)] ?? 0);
  return diff === 0;
}
