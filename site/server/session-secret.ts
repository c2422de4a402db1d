import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_FILE = 'session-secret';

/**
 * SESSION_SECRET when set; otherwise a secret generated once and kept (mode 0600) in the
 * data folder, so sessions survive restarts. Warns, because several instances would each
 * make their own.
 */
export function resolveSessionSecret(
  configured: string | undefined,
  dataDir: string,
  warn: (message: string) => void,
): string {
  if (configured) return configured;
  const file = join(dataDir, SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  warn(
    `SESSION_SECRET is not set: generated one and saved it in ${file}. Set SESSION_SECRET when running more than one instance.`,
  );
  return secret;
}
