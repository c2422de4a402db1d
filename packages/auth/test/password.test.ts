import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_PARAMS, hashPassword, isPasswordHash, verifyPassword } from '../src/password.ts';

describe('passwords', () => {
  it('stores scrypt parameters, a per-user salt and the key', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(DEFAULT_SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1 });
    expect(await hashPassword('correct horse')).not.toBe(stored);
  });

  it('verifies with the parameters recorded in the value', async () => {
    const cheap = await hashPassword('s3cret', { N: 1024, r: 8, p: 1 });
    expect(cheap).toContain('N=1024');
    expect(await verifyPassword('s3cret', cheap)).toBe(true);
    expect(await verifyPassword('s3cret ', cheap)).toBe(false);
    expect(await verifyPassword('', cheap)).toBe(false);
  });

  it('treats anything else as legacy plain text', async () => {
    expect(isPasswordHash('hunter2')).toBe(false);
    expect(isPasswordHash('scrypt$hunter2')).toBe(false);
    expect(await verifyPassword('hunter2', 'hunter2')).toBe(true);
    expect(await verifyPassword('hunter', 'hunter2')).toBe(false);
  });
});
