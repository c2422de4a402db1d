import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createVerifier,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type HmacCredential,
  type WebhookCredential,
} from '@voxdesk/sdk/webhooks';

const SECRET = 'whsec-test-secret';
const NOW = 1_790_000_000; // Unix seconds
const now = () => NOW * 1000;
const BODY = '{"message":{"type":"status-update","status":"ringing","note":"caf\u00e9 \u2014 \ud83d\udcde"}}';

const algorithms = ['sha1', 'sha256', 'sha512'] as const;
const encodings = ['hex', 'base64'] as const;
const timestamps = [true, false] as const;
const plans = algorithms.flatMap((algorithm) =>
  encodings.flatMap((signatureEncoding) =>
    timestamps.map((includeTimestamp): HmacCredential => ({
      type: 'hmac',
      secretKey: SECRET,
      algorithm,
      signatureEncoding,
      includeTimestamp,
    })),
  ),
);
const label = (p: HmacCredential) =>
  `${p.algorithm}/${p.signatureEncoding}/${p.includeTimestamp ? 'timestamp' : 'no timestamp'}`;

/** What Vapi sends, computed with node:crypto only — independent of the SDK's Web Crypto code. */
function nodeSign(plan: HmacCredential, body: string, timestamp = NOW): Record<string, string> {
  const payload = plan.includeTimestamp === false ? body : `${timestamp}.${body}`;
  const digest = createHmac(plan.algorithm, plan.secretKey)
    .update(payload, 'utf8')
    .digest(plan.signatureEncoding === 'base64' ? 'base64' : 'hex');
  return {
    'x-signature': (plan.signaturePrefix ?? '') + digest,
    ...(plan.includeTimestamp === false ? {} : { 'x-timestamp': String(timestamp) }),
  };
}

const request = (headers: Record<string, string>, body: string | Uint8Array = BODY) => ({
  method: 'POST',
  url: 'https://example.test/vapi',
  headers,
  body,
});

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

describe('HMAC plans: algorithm × encoding × timestamp', () => {
  for (const plan of plans) {
    it(`${label(plan)}: signWebhook matches node:crypto, and only the same plan verifies it`, async () => {
      const expected = nodeSign(plan, BODY);
      const signed = await signWebhook(plan, { body: BODY, timestamp: NOW });
      expect(signed.headers).toEqual({ 'content-type': 'application/json', ...expected });
      expect(signed.body).toBe(BODY);
      for (const other of plans) {
        const verify = createVerifier({ credentials: other, now });
        const outcome = await verify(request(expected)).then(
          () => 'ok',
          (e: WebhookVerificationError) => e.reason,
        );
        // A plan with a timestamp is stricter: without the header it reports it missing.
        if (other === plan) expect(outcome, label(other)).toBe('ok');
        else expect(outcome, label(other)).not.toBe('ok');
      }
    });
  }

  it('a known vector: HMAC-SHA256 of "1790000000.{}" with key "k"', async () => {
    const digest = createHmac('sha256', 'k').update('1790000000.{}').digest('hex');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const signed = await signWebhook(
      { type: 'hmac', algorithm: 'sha256', secretKey: 'k' },
      { body: '{}', timestamp: NOW },
    );
    expect(signed.headers['x-signature']).toBe(digest);
  });

  it('accepts an upper-case hex signature and a timestamp in milliseconds', async () => {
    const plan: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: SECRET };
    const ms = String(NOW * 1000 + 250);
    const digest = createHmac('sha256', SECRET).update(`${ms}.${BODY}`).digest('hex').toUpperCase();
    await expect(
      verifyWebhook(request({ 'x-signature': digest, 'x-timestamp': ms }), { credentials: plan, now }),
    ).resolves.toBeTruthy();
  });
});

describe('HMAC plan options', () => {
  it('custom headers, a prefix, {method} {url} {svix-id} and a base64 secret', async () => {
    const rawKey = Buffer.from([0, 1, 2, 250, 255, 128, 7]);
    const plan: HmacCredential = {
      type: 'hmac',
      algorithm: 'sha512',
      secretKey: rawKey.toString('base64'),
      secretIsBase64: true,
      signatureHeader: 'X-Vapi-Signature',
      timestampHeader: 'X-Vapi-Time',
      messageIdHeader: 'webhook-id',
      signaturePrefix: 'v1=',
      payloadFormat: '{svix-id}|{timestamp}|{method}|{url}|{body}',
      signatureEncoding: 'base64',
    };
    const url = 'https://example.test/vapi?x=1';
    const digest = createHmac('sha512', rawKey).update(`msg_1|${NOW}|POST|${url}|${BODY}`).digest('base64');
    const headers = { 'x-vapi-signature': `v1=${digest}`, 'x-vapi-time': String(NOW), 'webhook-id': 'msg_1' };
    const signed = await signWebhook(plan, { body: BODY, url, timestamp: NOW, messageId: 'msg_1' });
    expect(signed.headers).toEqual({ 'content-type': 'application/json', ...headers });
    const verify = createVerifier({ credentials: plan, now });
    await expect(verify({ ...request(headers), url })).resolves.toEqual({ credential: plan });
    expect(await reason(verify({ ...request(headers), url: 'https://example.test/other' }))).toBe(
      'bad-signature',
    );
    expect(await reason(verify({ ...request(headers), method: 'PUT', url }))).toBe('bad-signature');
    expect(await reason(verify({ ...request({ ...headers, 'webhook-id': 'msg_2' }), url }))).toBe(
      'bad-signature',
    );
    const { 'webhook-id': _, ...noId } = headers;
    expect(await reason(verify({ ...request(noId), url }))).toBe('missing-header');
    // Without the prefix the header is malformed, not merely wrong.
    expect(await reason(verify({ ...request({ ...headers, 'x-vapi-signature': digest }), url }))).toBe(
      'malformed-signature',
    );
  });

  it('verifies the raw body: bytes that are not UTF-8, and re-serialised JSON fails', async () => {
    const plan: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: SECRET };
    const raw = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const digest = createHmac('sha256', SECRET)
      .update(Buffer.concat([Buffer.from(`${NOW}.`), raw]))
      .digest('hex');
    const headers = { 'x-signature': digest, 'x-timestamp': String(NOW) };
    const verify = createVerifier({ credentials: plan, now });
    await expect(verify(request(headers, raw))).resolves.toBeTruthy();
    const spaced = '{ "message": {"type":"status-update"} }';
    const signed = nodeSign(plan, spaced);
    expect(await reason(verify(request(signed, JSON.stringify(JSON.parse(spaced)))))).toBe('bad-signature');
  });

  it('rejects tampered bodies, wrong secrets, stale and odd timestamps, missing headers', async () => {
    const plan: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: SECRET };
    const verify = createVerifier({ credentials: plan, now });
    const good = nodeSign(plan, BODY);
    expect(await reason(verify(request(good, BODY.replace('ringing', 'ended'))))).toBe('bad-signature');
    const wrong = nodeSign({ ...plan, secretKey: 'other' }, BODY);
    expect(await reason(verify(request(wrong)))).toBe('bad-signature');
    expect(await reason(verify(request(nodeSign(plan, BODY, NOW - 301))))).toBe('stale-timestamp');
    expect(await reason(verify(request(nodeSign(plan, BODY, NOW + 301))))).toBe('stale-timestamp');
    await expect(verify(request(nodeSign(plan, BODY, NOW - 299)))).resolves.toBeTruthy();
    expect(await reason(verify(request({ ...good, 'x-timestamp': '17e8' })))).toBe('invalid-timestamp');
    expect(await reason(verify(request({ ...good, 'x-timestamp': '' })))).toBe('missing-header');
    expect(await reason(verify(request({ 'x-timestamp': String(NOW) })))).toBe('missing-header');
    expect(await reason(verify(request({ 'x-signature': good['x-signature']! })))).toBe('missing-header');
    expect(await reason(verify(request({ ...good, 'x-signature': 'zz' })))).toBe('malformed-signature');
    // A replay of a correctly signed request is refused once outside the window.
    const later = createVerifier({ credentials: plan, now: () => (NOW + 600) * 1000 });
    expect(await reason(later(request(good)))).toBe('stale-timestamp');
    const lenient = createVerifier({
      credentials: plan,
      now: () => (NOW + 600) * 1000,
      toleranceSeconds: 900,
    });
    await expect(lenient(request(good))).resolves.toBeTruthy();
  });

  it('a wrong signature of the right length and a truncated one both fail', async () => {
    const plan: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: SECRET };
    const verify = createVerifier({ credentials: plan, now });
    const good = nodeSign(plan, BODY);
    const sig = good['x-signature']!;
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    expect(await reason(verify(request({ ...good, 'x-signature': flipped })))).toBe('bad-signature');
    expect(await reason(verify(request({ ...good, 'x-signature': sig.slice(0, 32) })))).toBe('bad-signature');
  });
});

describe('tokens and rotation', () => {
  it('bearer tokens: default header and prefix, custom header without prefix', async () => {
    const bearer: WebhookCredential = { type: 'bearer', token: 'tok-1' };
    await expect(
      verifyWebhook(request({ authorization: 'Bearer tok-1' }), { credentials: bearer }),
    ).resolves.toBeTruthy();
    expect(
      await reason(verifyWebhook(request({ authorization: 'Bearer tok-2' }), { credentials: bearer })),
    ).toBe('bad-token');
    expect(await reason(verifyWebhook(request({ authorization: 'tok-1' }), { credentials: bearer }))).toBe(
      'bad-token',
    );
    expect(await reason(verifyWebhook(request({}), { credentials: bearer }))).toBe('missing-header');
    const custom: WebhookCredential = {
      type: 'bearer',
      token: 'tok-1',
      headerName: 'X-Api-Key',
      bearerPrefixEnabled: false,
    };
    await expect(
      verifyWebhook(request({ 'x-api-key': 'tok-1' }), { credentials: custom }),
    ).resolves.toBeTruthy();
    expect((await signWebhook(custom, { body: '{}' })).headers).toEqual({
      'content-type': 'application/json',
      'x-api-key': 'tok-1',
    });
  });

  it('the legacy x-vapi-secret header', async () => {
    const legacy: WebhookCredential = { type: 'x-vapi-secret', secret: 's3cret' };
    await expect(
      verifyWebhook(request({ 'x-vapi-secret': 's3cret' }), { credentials: legacy }),
    ).resolves.toBeTruthy();
    expect(
      await reason(verifyWebhook(request({ 'x-vapi-secret': 's3cret ' }), { credentials: legacy })),
    ).toBe('bad-token');
  });

  it('a bare secret accepts HMAC defaults, bearer and x-vapi-secret; several secrets during rotation', async () => {
    const verify = createVerifier({ secret: ['new-secret', 'old-secret'], now });
    const hmacOld = nodeSign({ type: 'hmac', algorithm: 'sha256', secretKey: 'old-secret' }, BODY);
    await expect(verify(request(hmacOld))).resolves.toEqual({
      credential: { type: 'hmac', algorithm: 'sha256', secretKey: 'old-secret' },
    });
    await expect(verify(request({ authorization: 'Bearer new-secret' }))).resolves.toBeTruthy();
    await expect(verify(request({ 'x-vapi-secret': 'old-secret' }))).resolves.toBeTruthy();
    const retired = nodeSign({ type: 'hmac', algorithm: 'sha256', secretKey: 'retired' }, BODY);
    // The signature header was present, so its failure is reported, not the absent bearer header.
    expect(await reason(verify(request(retired)))).toBe('bad-signature');
    expect(await reason(verify(request({})))).toBe('missing-header');
  });

  it('a header listing several signatures passes when one matches', async () => {
    const plan: HmacCredential = {
      type: 'hmac',
      algorithm: 'sha256',
      secretKey: SECRET,
      signaturePrefix: 'v1,',
    };
    const good = nodeSign(plan, BODY);
    const other = nodeSign({ ...plan, secretKey: 'x' }, BODY);
    const headers = { ...good, 'x-signature': `${other['x-signature']} ${good['x-signature']}` };
    await expect(verifyWebhook(request(headers), { credentials: plan, now })).resolves.toBeTruthy();
  });

  it('bad settings fail at once with a TypeError naming the setting', () => {
    expect(() => createVerifier({})).toThrow(/needs `secret` or `credentials`/);
    expect(() => createVerifier({ secret: ['ok', ''] })).toThrow(/`secret` is empty/);
    expect(() =>
      createVerifier({ credentials: { type: 'hmac', algorithm: 'md5' as never, secretKey: 'k' } }),
    ).toThrow(/algorithm must be sha1, sha256 or sha512/);
    expect(() =>
      createVerifier({
        credentials: { type: 'hmac', algorithm: 'sha1', secretKey: 'not base64!', secretIsBase64: true },
      }),
    ).toThrow(/secretIsBase64/);
    expect(() => createVerifier({ credentials: { type: 'basic' } as never })).toThrow(/type must be/);
    expect(() => createVerifier({ secret: 'k', toleranceSeconds: -1 })).toThrow(/toleranceSeconds/);
  });
});
