import { InvalidArgumentError } from 'commander';

/** `--timeout 30s | 1500ms | 2m | 45` (a bare number is seconds) → milliseconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  if (!match)
    throw new InvalidArgumentError('use a duration like 30s, 1500ms or 2m (a bare number is seconds).');
  const amount = Number(match[1]);
  const unit = match[2] ?? 's';
  const ms = Math.round(amount * (unit === 'ms' ? 1 : unit === 's' ? 1000 : 60_000));
  if (ms < 1 || ms > 2_147_483_647) throw new InvalidArgumentError('must be between 1ms and 24 days.');
  return ms;
}

const BASE_URL_HINT =
  'use an http(s) URL such as https://api.vapi.ai (the token goes in VAPI_TOKEN, not the URL).';

/**
 * Whether a base URL (flag, VAPI_BASE_URL or config) is an http(s) URL without credentials, query
 * or hash: the SDK refuses the rest (fetch would refuse every request to a URL with credentials).
 */
export function isBaseUrl(value: string): boolean {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  return Boolean(
    url && /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash,
  );
}

/** Says which setting holds a bad base URL and what it should look like. */
export function baseUrlError(source: string, value: string): string {
  return `${source} is not a valid base URL (${JSON.stringify(value)}): ${BASE_URL_HINT}`;
}

/** `--base-url`: an http(s) URL without credentials, query or hash. */
export function parseBaseUrl(value: string): string {
  if (!isBaseUrl(value)) throw new InvalidArgumentError(BASE_URL_HINT);
  return value.replace(/\/+$/, '');
}

/** `--limit`: the API takes 1–1000. */
export function parseLimit(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('use a whole number from 1 to 1000.');
  const limit = Number(value);
  if (limit < 1 || limit > 1000) throw new InvalidArgumentError('use a whole number from 1 to 1000.');
  return limit;
}

/** `list --limit`: a total across pages, so any whole number from 1. */
export function parseCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value)))
    throw new InvalidArgumentError('use a whole number from 1 (with --all: 1 to 1000).');
  return Number(value);
}

/** Collects a repeatable flag (`-f a=1 -f b=2`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--retries`: how many times a failed idempotent request is tried again (0–10). */
export function parseRetries(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 10)
    throw new InvalidArgumentError('use a whole number from 0 to 10.');
  return Number(value);
}
