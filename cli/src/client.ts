import {
  DEFAULT_PROFILE,
  looseModeWarning,
  profileNames,
  profileOf,
  readConfig,
  selectedProfile,
  type StoredConfig,
} from './config.ts';
import { AuthError, UsageError } from './errors.ts';
import type { Client, ClientRequest, Factory, GlobalOptions, TokenSource } from './factory.ts';
import { loginUrl, pairCredentials, resolveToken, type ResolvedToken } from './auth/token.ts';
import { boundFetch } from './auth/bound-fetch.ts';
import { loggingFetch } from './verbose-log.ts';
import type { RetryEvent } from '@voxdesk/sdk';

/** A token (its source unknown for one being checked by login) and the one URL it goes to. */
type Credentials = { token?: Omit<ResolvedToken, 'source'> & { source?: TokenSource } } & ReturnType<
  typeof loginUrl
>;

/**
 * The profile, token and base URL that this run's flags, environment and config file pair
 * up (the pairing rule of auth/token.ts); no SDK needed, so completion can key its cache on it.
 */
export async function readAccount(
  factory: Factory,
  globals: GlobalOptions,
  request: ClientRequest = {},
): Promise<{ profileName: string; credentials: Credentials }> {
  // Only a token from the profile needs the file: a token from the flags or the environment
  // must work even when it is missing, corrupt or unreadable (CI has none).
  const outside = request.token !== undefined || resolveToken(globals.token, factory.env, {}) !== undefined;
  const config = request.config ?? (outside ? {} : await readConfig(factory.configPath));
  const profileName = selectedProfile(globals.profile, factory.env, config);
  const profile = profileOf(config, profileName);
  if (!outside && !globals.profile && factory.env.VOXDESK_PROFILE) checkKnown(factory, config, profileName);
  const flags = { token: globals.token, baseUrl: globals.baseUrl };
  const credentials: Credentials =
    request.token !== undefined
      ? {
          token: { token: request.token },
          ...loginUrl(flags, factory.env, profile, factory.configPath),
        }
      : pairCredentials({ flags, env: factory.env, profile, profileName, configPath: factory.configPath });
  return { profileName, credentials };
}

/** Builds the SDK client for this run's flags, environment and config file. */
export async function createClient(
  factory: Factory,
  globals: GlobalOptions,
  request: ClientRequest = {},
): Promise<Client> {
  const { profileName, credentials } = await readAccount(factory, globals, request);
  const resolved = credentials.token;
  if (resolved?.source === '--token') {
    factory.io.stderr.write(
      '! --token is deprecated: the token shows in `ps` and shell history; set VAPI_TOKEN or run `voxdesk login --with-token` instead\n',
    );
  }
  if (resolved?.source === 'config file') {
    const warning = await looseModeWarning(factory.configPath);
    if (warning) factory.io.stderr.write(`! ${warning}\n`);
  }
  if (!resolved && request.requireToken !== false) {
    const login =
      profileName === DEFAULT_PROFILE ? 'voxdesk login' : `voxdesk auth login --profile ${profileName}`;
    throw new AuthError(
      `no API token${profileName === DEFAULT_PROFILE ? '' : ` for profile "${profileName}"`}: set VAPI_TOKEN (or VAPI_API_KEY), or store one with \`${login}\``,
    );
  }
  const { Vapi } = await import('@voxdesk/sdk');
  const { baseUrl, baseUrlSource } = credentials;
  const secrets = resolved ? [resolved.token] : [];
  const base = boundFetch(request.fetch ?? factory.fetch, baseUrl, resolved?.token);
  const fetch = globals.verbose ? loggingFetch(base, factory.io.stderr, secrets) : base;
  const limit = globals.retry === false ? 0 : globals.retries;
  const vapi = new Vapi({
    // null: no Authorization on purpose; the SDK must not fall back to the environment itself.
    token: resolved?.token ?? null,
    baseUrl,
    fetch,
    // --timeout is also how long an operator agrees to wait for a Retry-After (the SDK's own
    // cap, 60 s, otherwise): `--timeout 5m` waits out Vapi's `Retry-After: 120`.
    retry: request.fetch
      ? 0
      : {
          ...(limit !== undefined ? { limit } : {}),
          ...((globals.timeout ?? factory.maxRetryAfter) !== undefined
            ? { maxRetryAfter: globals.timeout ?? factory.maxRetryAfter }
            : {}),
        },
    // --timeout bounds each call whole: its attempts and the waits between them. A
    // Retry-After that would pass it fails at once, saying when to try again.
    ...(globals.timeout !== undefined ? { totalTimeout: globals.timeout } : {}),
    onRetry: (event) => factory.io.stderr.write(retryNotice(event, factory.io.isStderrTTY)),
  });
  return {
    vapi,
    baseUrl,
    baseUrlSource,
    profile: profileName,
    tokenSource: resolved?.source,
    ...(resolved ? { token: resolved.token } : {}),
  };
}

/** VOXDESK_PROFILE must name a stored profile: a typo would otherwise read as "not logged in". */
function checkKnown(factory: Factory, config: StoredConfig, name: string): void {
  const names = profileNames(config);
  if (names.includes(name)) return;
  throw new UsageError(
    `VOXDESK_PROFILE=${name} names no stored profile; ${names.length > 0 ? `stored: ${names.join(', ')}` : `none stored in ${factory.configPath}`} (unset it, or create it with \`voxdesk auth login --profile ${name}\`)`,
  );
}

const inTime = (ms: number) =>
  ms < 50 ? 'now' : `in ${ms < 1000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)} s`;

/** One stderr line before a retry's wait, so a rate limit never looks like a hang. */
export function retryNotice(event: RetryEvent, onTerminal: boolean): string {
  const what =
    event.status === 429
      ? 'Rate limited by Vapi (429)'
      : event.status
        ? `Vapi answered ${event.reason}`
        : `Could not reach ${new URL(event.url).host} (${event.reason})`;
  // On a terminal the spinner may hold the line: clear it first.
  const clear = onTerminal ? '\r\u001b[2K' : '';
  // The SDK caps a long Retry-After (maxRetryAfter): say that it retries sooner than asked.
  const asked =
    event.retryAfter !== undefined && event.retryAfter - event.delay >= 1000
      ? `, sooner than the ${Math.round(event.retryAfter / 1000)} s Vapi asked for`
      : '';
  return `${clear}${what}; retrying ${inTime(event.delay)} (attempt ${event.attempt} of ${event.maxAttempts}${asked})…\n`;
}
