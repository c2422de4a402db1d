/**
 * Webhook benchmarks (printed, never asserted): `node bench/webhooks.ts`.
 *  1. min+gz bundle of an edge handler built on `@voxdesk/sdk/webhooks`
 *  2. HMAC-SHA256 verifications per second of a 20 kB body (Web Crypto, through the
 *     verifier) against node:crypto's createHmac + timingSafeEqual doing the same check
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { createVerifier } from '../src/webhooks/index.ts';

const sdkDir = new URL('..', import.meta.url).pathname;
const bundle = await build({
  stdin: {
    contents: `import { createWebhookHandler } from './src/webhooks/index.ts';
export default { fetch: createWebhookHandler({ secret: 's', tools: { a: () => 'b' } }) };`,
    resolveDir: sdkDir,
    loader: 'ts',
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
});
const code = bundle.outputFiles[0]!.contents;
console.log(
  `edge handler bundle: ${(code.length / 1024).toFixed(1)} kB min, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} kB min+gz`,
);

const secret = 'bench-secret';
const body = JSON.stringify({ message: { type: 'conversation-update', pad: 'x'.repeat(20_000) } });
const timestamp = String(Math.floor(Date.now() / 1000));
const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
const headers = { 'x-signature': signature, 'x-timestamp': timestamp };
const bytes = new TextEncoder().encode(body);
const verify = createVerifier({ credentials: { type: 'hmac', algorithm: 'sha256', secretKey: secret } });
const N = 5_000;

async function rate(label: string, once: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 200; i++) await once(); // warm-up
  const started = performance.now();
  for (let i = 0; i < N; i++) await once();
  const perSecond = N / ((performance.now() - started) / 1000);
  console.log(`${label}: ${Math.round(perSecond).toLocaleString('en')} verifications/s`);
  return perSecond;
}
const sdk = await rate('SDK verifier (Web Crypto)', () =>
  verify({ method: 'POST', url: 'http://x/', headers, body: bytes }),
);
const expected = Buffer.from(signature, 'hex');
const node = await rate('node:crypto baseline', () => {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(bytes).digest();
  if (!timingSafeEqual(mac, expected)) throw new Error('mismatch');
});
console.log(`ratio SDK / node:crypto: ${(sdk / node).toFixed(2)} (same run, 20 kB body, N=${N})`);
