// DATABASE_URL to postgres.js options: libpq's TLS parameters read the way libpq reads them.
import { readFileSync } from 'node:fs';
import type { Options } from 'postgres';
import { UserStoreError } from './errors.ts';

/**
 * Splits a libpq-style URL into what postgres.js takes: `sslmode` (disable, allow, prefer,
 * require, verify-ca, verify-full) passes through; `sslrootcert`, `sslcert` and `sslkey`
 * name PEM files, read here into the TLS options (postgres.js would send them to the server
 * as settings). Throws a `UserStoreError` naming what is wrong.
 */
export function postgresConnectionOptions(url: string): {
  url: string;
  options: Options<Record<string, never>>;
} {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new UserStoreError(
      'DATABASE_URL is not a valid URL. Use postgres://user:password@host:5432/database.',
      500,
      { cause: error },
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new UserStoreError(
      `DATABASE_URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//).`,
      500,
    );
  }
  const files: Record<string, string> = {};
  for (const [param, option] of [
    ['sslrootcert', 'ca'],
    ['sslcert', 'cert'],
    ['sslkey', 'key'],
  ] as const) {
    const value = parsed.searchParams.get(param);
    if (value === null || (param === 'sslrootcert' && value === 'system')) continue;
    files[option] = value;
    parsed.searchParams.delete(param);
  }
  if (Object.keys(files).length === 0) return { url: parsed.href, options: {} };
  const mode = parsed.searchParams.get('sslmode');
  parsed.searchParams.delete('sslmode');
  // libpq: with a root certificate, `require` checks the chain like `verify-ca`; only
  // `verify-full` also checks the host name. `allow` and `prefer` check nothing.
  const verify = mode !== 'allow' && mode !== 'prefer';
  const checkHost = mode === null || mode === 'verify-full';
  return {
    url: parsed.href,
    options: {
      ssl: {
        rejectUnauthorized: verify,
        ...(verify && !checkHost ? { checkServerIdentity: () => undefined } : {}),
        ...Object.fromEntries(Object.entries(files).map(([option, path]) => [option, readPem(path)])),
      },
    },
  };
}

function readPem(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UserStoreError(
      `Could not read the TLS file ${path} named in DATABASE_URL: ${(error as Error).message}.`,
      500,
      { cause: error },
    );
  }
}
