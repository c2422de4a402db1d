import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt baseline (N=2^17 is their first choice; 2^15 keeps a login under ~100 ms). */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Stored as `scrypt$N=32768,r=8,p=1$<salt b64>$<hash b64>` so parameters can change later.
const HASH_PATTERN = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

const maxmem = ({ N, r, p }: ScryptParams) => 128 * N * r * (p + 2) + 1024 * 1024;

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when the stored value is one of our hashes (otherwise it is a legacy plain-text password). */
export function isPasswordHash(stored: string): boolean {
  return HASH_PATTERN.test(stored);
}

/** Constant-time comparison of a password with a stored hash or legacy plain-text value. */
export async function verifyPassword(password: string, storedValue: string): Promise<boolean> {
  const stored = withoutMarker(storedValue);
  const match = HASH_PATTERN.exec(stored);
  if (!match) {
    // Legacy plain text: compare digests so the comparison time does not depend on length.
    const digest = (text: string) => createHash('sha256').update(text).digest();
    return timingSafeEqual(digest(password), digest(stored));
  }
  const [, n = '', r = '', p = '', salt = '', hash = ''] = match;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    ...params,
    maxmem: maxmem(params),
  });
  return timingSafeEqual(actual, expected);
}

// A password someone else chose (the generated first-Admin one) is stored with this prefix
// in front of its hash: it logs in, and the server then requires a change before anything else.
const TEMPORARY = 'temporary:';

export const markTemporary = (hash: string): string => `${TEMPORARY}${hash}`;

export const isTemporary = (stored: string): boolean =>
  stored.startsWith(TEMPORARY) && isPasswordHash(stored.slice(TEMPORARY.length));

/** The stored value without the temporary marker. */
export const withoutMarker = (stored: string): string =>
  isTemporary(stored) ? stored.slice(TEMPORARY.length) : stored;
