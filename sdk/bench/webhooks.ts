/**
 * Webhook benchmarks (printed, never asserted): `node bench/webhooks.ts`.
 *  1. min+gz bundle of an edge handler built on `@voxdesk/sdk/webhooks`
 *  2. µs per HMAC-SHA256 verification of a 20 kB body through the verifier, against
 *     node:crypto's createHmac + timingSafeEqual doing the same check, in the same run; and the
 *     verifier's Web Crypto path (what browsers and edge runtimes use) for scale
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
const credentials = { type: 'hmac', algorithm: 'sha256', secretKey: secret } as const;
const verify = createVerifier({ credentials });
// The browser/edge path, for scale: a verifier made while node:crypto is out of reach.
const getBuiltinModule = process.getBuiltinModule;
Object.assign(process, { getBuiltinModule: undefined });
const verifyWebCrypto = createVerifier({ credentials });
Object.assign(process, { getBuiltinModule });
const request = { method: 'POST', url: 'http://x/', headers, body: bytes };
const expected = Buffer.from(signature, 'hex');

const variants = {
  'SDK verifier': () => verify(request),
  'node:crypto createHmac + timingSafeEqual': () => {
    const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(bytes).digest();
    if (!timingSafeEqual(mac, expected)) throw new Error('mismatch');
  },
  'SDK verifier on Web Crypto (browsers, edge runtimes)': () => verifyWebCrypto(request),
};
type Name = keyof typeof variants;
const names = Object.keys(variants) as Name[];
const BATCH = 100;
const ROUNDS = 40;
const batch = async (name: Name) => {
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) await variants[name]();
  return ((performance.now() - started) / BATCH) * 1000;
};
for (const name of [...names, ...names]) await batch(name); // warm-up
// The variants take turns batch by batch, reversing their order each round, so a change in the
// machine's load lands on all alike; each figure is the median of its batches.
const us: Record<Name, number[]> = Object.fromEntries(names.map((name) => [name, []])) as never;
const ratios: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 ? [...names].reverse() : names) us[name].push(await batch(name));
  ratios.push(us[names[1]!].at(-1)! / us[names[0]!].at(-1)!);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
console.log(
  `\n## Webhook verification, HMAC-SHA256 of a ${(bytes.length / 1000).toFixed(0)} kB body (median µs of ${ROUNDS} interleaved batches of ${BATCH}; goal ≥ 0.5× node:crypto's speed)`,
);
for (const name of names) console.log(`${name}: ${median(us[name]).toFixed(1)} µs/verification`);
console.log(
  `speed SDK / node:crypto: ${median(ratios).toFixed(2)}× (median of each batch pair's ratio; Web Crypto path ${(median(us[names[1]!]) / median(us[names[2]!])).toFixed(2)}×)`,
);
