// Prints what password hashing costs at each scrypt cost, relative to the default, so a
// change of DEFAULT_SCRYPT_PARAMS can be judged on this machine. Run: npm run bench -w @voxdesk/auth
import { DEFAULT_SCRYPT_PARAMS, hashPassword, verifyPassword } from '../src/password.ts';

const ROUNDS = 10;

async function measure(N: number) {
  const params = { ...DEFAULT_SCRYPT_PARAMS, N };
  const stored = await hashPassword('warm-up', params);
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) await verifyPassword('correct horse battery staple', stored);
  return (performance.now() - started) / ROUNDS;
}

const baseline = await measure(DEFAULT_SCRYPT_PARAMS.N);
console.log(`scrypt verify, r=${DEFAULT_SCRYPT_PARAMS.r} p=${DEFAULT_SCRYPT_PARAMS.p}, mean of ${ROUNDS}:`);
for (const exponent of [14, 15, 16, 17]) {
  const N = 2 ** exponent;
  const ms = N === DEFAULT_SCRYPT_PARAMS.N ? baseline : await measure(N);
  const mark = N === DEFAULT_SCRYPT_PARAMS.N ? ' (default)' : '';
  console.log(`  N=2^${exponent}: ${ms.toFixed(1)} ms  ×${(ms / baseline).toFixed(2)}${mark}`);
}
