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

describe('what a failure says, and edge cases of the headers', () => {
  const plan: HmacCredential = { type: 'hmac', algorithm: 'sha256', secretKey: SECRET };

  async function failure(promise: Promise<unknown>): Promise<WebhookVerificationError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return error as WebhookVerificationError;
  }

  it('reads a Headers object, and a plain record in any case', async () => {
    const verify = createVerifier({ credentials: plan, now });
    const good = nodeSign(plan, BODY);
    await expect(verify(request(new Headers(good) as never))).resolves.toEqual({ credential: plan });
    const upper = { 'X-Signature': good['x-signature']!, 'X-TIMESTAMP': good['x-timestamp']! };
    await expect(verify(request(upper))).resolves.toEqual({ credential: plan });
    // Another header first in the record is not taken for the signature.
    await expect(verify(request({ 'x-other': 'aa', ...good }))).resolves.toBeTruthy();
    const noTimestamp = new Headers({ 'x-signature': good['x-signature']! });
    const error = await failure(verify(request(noTimestamp as never)));
    expect([error.reason, error.header, error.message]).toEqual([
      'missing-header',
      'x-timestamp',
      'The request has no x-timestamp header.',
    ]);
  });

  it('timestamps: at the edge of the window, with spaces, 12 digits as milliseconds, and what it says', async () => {
    const verify = createVerifier({ credentials: plan, now });
    await expect(verify(request(nodeSign(plan, BODY, NOW - 300)))).resolves.toBeTruthy();
    await expect(verify(request(nodeSign(plan, BODY, NOW + 300)))).resolves.toBeTruthy();
    const stale = await failure(verify(request(nodeSign(plan, BODY, NOW - 301))));
    expect(stale.message).toBe(
      'The x-timestamp header is 301 s from now, outside the 300 s tolerance (a replay, or a wrong clock).',
    );
    // A record may carry the value untrimmed; the signature covers it as sent.
    const spaced = ` ${NOW} `;
    const digest = createHmac('sha256', SECRET).update(`${spaced}.${BODY}`).digest('hex');
    await expect(verify(request({ 'x-signature': digest, 'x-timestamp': spaced }))).resolves.toBeTruthy();
    // 100000000000 is 1973-03-03 in milliseconds (in seconds it would be the year 5138).
    const early = createVerifier({ credentials: plan, now: () => 1e11 });
    const ms = '100000000000';
    await expect(
      early(
        request({
          'x-signature': createHmac('sha256', SECRET).update(`${ms}.${BODY}`).digest('hex'),
          'x-timestamp': ms,
        }),
      ),
    ).resolves.toBeTruthy();
    const long = `17${'x'.repeat(60)}`;
    const invalid = await failure(verify(request({ 'x-signature': digest, 'x-timestamp': long })));
    expect(invalid.reason).toBe('invalid-timestamp');
    expect(invalid.message).toBe(`The x-timestamp header is not a Unix time: "${long.slice(0, 40)}".`);
  });

  it('toleranceSeconds 0 accepts only the current second', async () => {
    const strict = createVerifier({ credentials: plan, now, toleranceSeconds: 0 });
    await expect(strict(request(nodeSign(plan, BODY, NOW)))).resolves.toBeTruthy();
    expect(await reason(strict(request(nodeSign(plan, BODY, NOW - 1))))).toBe('stale-timestamp');
  });

  it('a {timestamp} in the payload of a plan without the header is empty, as signWebhook signs it', async () => {
    const untimed: HmacCredential = { ...plan, includeTimestamp: false, payloadFormat: '{timestamp}:{body}' };
    const digest = createHmac('sha256', SECRET).update(`:${BODY}`).digest('hex');
    expect((await signWebhook(untimed, { body: BODY, timestamp: NOW })).headers['x-signature']).toBe(digest);
    await expect(
      verifyWebhook(request({ 'x-signature': digest, 'x-timestamp': String(NOW) }), {
        credentials: untimed,
        now,
      }),
    ).resolves.toBeTruthy();
  });

  it('an empty signature, or a bare prefix, is malformed, and the message names the encoding and prefix', async () => {
    const verify = createVerifier({ credentials: plan, now });
    const time = { 'x-timestamp': String(NOW) };
    for (const value of ['', ' ', 'not hex']) {
      const error = await failure(verify(request({ ...time, 'x-signature': value })));
      expect([error.reason, error.message]).toEqual([
        'malformed-signature',
        'The x-signature header is not a hex signature.',
      ]);
    }
    const prefixed: HmacCredential = { ...plan, signatureEncoding: 'base64', signaturePrefix: 'v1=' };
    const bare = await failure(
      verifyWebhook(request({ ...time, 'x-signature': 'v1=' }), { credentials: prefixed, now }),
    );
    expect([bare.reason, bare.message]).toEqual([
      'malformed-signature',
      'The x-signature header is not a base64 signature prefixed with "v1=".',
    ]);
    // Padded with spaces and listing several: the one that matches is found.
    const good = nodeSign(plan, BODY)['x-signature']!;
    await expect(
      verify(request({ ...time, 'x-signature': `  ${'0'.repeat(64)}   ${good}  ` })),
    ).resolves.toBeTruthy();
  });

  it('says why a signature or a token does not match', async () => {
    const wrong = await failure(
      verifyWebhook(request(nodeSign({ ...plan, secretKey: 'other' }, BODY)), { credentials: plan, now }),
    );
    expect(wrong.message).toBe(
      'The x-signature header does not match the body: wrong secret, or the body was changed (verify the raw body, not re-serialised JSON).',
    );
    const token = await failure(
      verifyWebhook(request({ 'x-vapi-secret': 'nope' }), {
        credentials: { type: 'x-vapi-secret', secret: 's' },
      }),
    );
    expect([token.header, token.message]).toEqual([
      'x-vapi-secret',
      'The x-vapi-secret header does not match the configured secret.',
    ]);
  });

  it('reports the failure of a credential whose header was present, not a missing one', async () => {
    // A bare secret tries HMAC (no x-signature here), then bearer (wrong), then x-vapi-secret (absent).
    const error = await failure(verifyWebhook(request({ authorization: 'Bearer wrong' }), { secret: 's' }));
    expect([error.reason, error.header]).toEqual(['bad-token', 'authorization']);
  });

  it('refuses a parsed body or a non-string secret with a TypeError, and does not hide other errors', async () => {
    const verify = createVerifier({ secret: 's', now });
    await expect(
      verify({ ...request({ authorization: 'Bearer s' }), body: JSON.parse(BODY) as never }),
    ).rejects.toThrow(
      new TypeError(
        'Webhook verification needs the raw body exactly as received (a string or Uint8Array), not parsed JSON.',
      ),
    );
    expect(() => createVerifier({ secret: 42 as never })).toThrow(/`secret` is empty or not a string/);
    // A failure that is not a verification failure (here a header that cannot be read) is thrown
    // as it is, even when a later credential would have passed.
    const headers = { authorization: 'Bearer s' } as Record<string, string>;
    Object.defineProperty(headers, 'x-signature', {
      enumerable: true,
      get: () => {
        throw new Error('unreadable header');
      },
    });
    await expect(verify(request(headers))).rejects.toThrow('unreadable header');
  });
});
