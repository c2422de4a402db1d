import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinNodeCrypto, createMac, type HmacHash } from '../../src/webhooks/hmac.ts';
import { createVerifier, signWebhook, type HmacCredential } from '@voxdesk/sdk/webhooks';

const KEY = new Uint8Array([0, 1, 2, 250, 255, 128, 7, 42]);
// Text, an empty part and bytes that are not UTF-8: each engine must see exactly these bytes.
const PARTS = [
  new TextEncoder().encode('1790000000.'),
  new Uint8Array(0),
  new Uint8Array([0xff, 0xfe, 0x7b]),
];
const reference = (hash: string) =>
  new Uint8Array(createHmac(hash, KEY).update(Buffer.concat(PARTS)).digest());

/** Runs `body` as on a browser or an edge runtime: no `process.getBuiltinModule`. */
const withoutNodeCrypto = () => vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HMAC engines', () => {
  const hashes: [HmacHash, string][] = [
    ['SHA-1', 'sha1'],
    ['SHA-256', 'sha256'],
    ['SHA-512', 'sha512'],
  ];
  for (const [hash, nodeName] of hashes) {
    it(`${hash}: node:crypto and Web Crypto both give node:crypto's reference MAC of the parts`, async () => {
      const expected = reference(nodeName);
      expect(builtinNodeCrypto()).toBeDefined();
      const onNode = createMac(new Uint8Array(KEY), hash);
      expect(new Uint8Array(await onNode(PARTS))).toEqual(expected);
      // Called again (a KeyObject or CryptoKey made once is reused), with the same answer.
      expect(new Uint8Array(await onNode(PARTS))).toEqual(expected);

      const spy = withoutNodeCrypto();
      const onWeb = createMac(new Uint8Array(KEY), hash);
      expect(spy).toHaveBeenCalled();
      const sign = vi.spyOn(crypto.subtle, 'sign');
      expect(new Uint8Array(await onWeb(PARTS))).toEqual(expected);
      expect(new Uint8Array(await onWeb(PARTS))).toEqual(expected);
      expect(sign).toHaveBeenCalledTimes(2);
    });
  }

  it('uses node:crypto only when the runtime hands out a usable module', () => {
    withoutNodeCrypto();
    expect(builtinNodeCrypto()).toBeUndefined();
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => {
      throw new Error('not in this sandbox');
    });
    expect(builtinNodeCrypto()).toBeUndefined();
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue({ createHmac: () => undefined } as never);
    expect(builtinNodeCrypto()).toBeUndefined();
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue({ createSecretKey: () => undefined } as never);
    expect(builtinNodeCrypto()).toBeUndefined();
  });
});

describe('the verifier on Web Crypto (browsers, edge runtimes)', () => {
  it('verifies what node:crypto signs, refuses a tampered body, and signs the same', async () => {
    withoutNodeCrypto();
    const sign = vi.spyOn(crypto.subtle, 'sign');
    const plan: HmacCredential = {
      type: 'hmac',
      algorithm: 'sha512',
      secretKey: 'whsec',
      signatureEncoding: 'base64',
      payloadFormat: '{method} {url}\n{timestamp}.{body}!',
    };
    const body = '{"message":{"type":"status-update"}}';
    const url = 'https://example.test/vapi';
    const timestamp = '1790000000';
    const digest = createHmac('sha512', 'whsec')
      .update(`POST ${url}\n${timestamp}.${body}!`)
      .digest('base64');
    const headers = { 'x-signature': digest, 'x-timestamp': timestamp };
    const verify = createVerifier({ credentials: plan, now: () => 1_790_000_000_000 });
    await expect(verify({ method: 'post', url, headers, body })).resolves.toEqual({ credential: plan });
    await expect(
      verify({ method: 'POST', url, headers, body: body.replace('status', 'other') }),
    ).rejects.toThrow(/does not match the body/);
    const signed = await signWebhook(plan, { body, url, timestamp: 1_790_000_000 });
    expect(signed.headers['x-signature']).toBe(digest);
    expect(sign).toHaveBeenCalledTimes(3);
  });
});
