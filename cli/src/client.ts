import { DEFAULT_PROFILE, looseModeWarning, profileOf, readConfig, selectedProfile } from './config.ts';
import { AuthError, UsageError } from './errors.ts';
import type { Client, ClientRequest, Factory, GlobalOptions } from './factory.ts';
import { baseUrlSetting, resolveBaseUrl, resolveToken } from './auth/token.ts';
import { baseUrlError, isBaseUrl } from './parse-flags.ts';
import { loggingFetch } from './verbose-log.ts';
import type { RetryEvent } from '@voxdesk/sdk';

/** Builds the SDK client for this run's flags, environment and config file. */
export async function createClient(
  factory: Factory,
  globals: GlobalOptions,
  request: ClientRequest = {},
): Promise<Client> {
  // The file is read only when the flags and environment leave a gap: a token and base URL
  // given from outside must work even when the file is missing, corrupt or unreadable.
  const outsideToken =
    request.token !== undefined
      ? { token: request.token, source: undefined }
      : resolveToken(globals.token, factory.env, {});
  const outsideBaseUrl = resolveBaseUrl(globals.baseUrl, factory.env, {});
  const config =
    request.config ?? (outsideToken && outsideBaseUrl ? {} : await readConfig(factory.configPath));
  const profileName = selectedProfile(globals.profile, factory.env, config);
  const profile = profileOf(config, profileName);
  const resolved = outsideToken ?? resolveToken(globals.token, factory.env, profile);
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
  const setting = baseUrlSetting(globals.baseUrl, factory.env, profile);
  if (setting && !isBaseUrl(setting.url)) {
    const where = setting.source === 'config file' ? `baseUrl in ${factory.configPath}` : setting.source;
    throw new UsageError(baseUrlError(where, setting.url));
  }
  const { Vapi, DEFAULT_BASE_URL } = await import('@voxdesk/sdk');
  const baseUrl = setting?.url.replace(/\/+$/, '') ?? DEFAULT_BASE_URL;
  const secrets = resolved ? [resolved.token] : [];
  const base = request.fetch ?? factory.fetch;
  const fetch = globals.verbose ? loggingFetch(base, factory.io.stderr, secrets) : base;
  const limit = globals.retry === false ? 0 : globals.retries;
  const vapi = new Vapi({
    ...(resolved ? { token: resolved.token } : {}),
    baseUrl,
    fetch,
    retry: request.fetch ? 0 : (limit ?? {}),
    // --timeout bounds each call whole: its attempts and the waits between them. A
    // Retry-After that would pass it fails at once, saying when to try again.
    ...(globals.timeout !== undefined ? { totalTimeout: globals.timeout } : {}),
    onRetry: (event) => factory.io.stderr.write(retryNotice(event, factory.io.isStderrTTY)),
  });
  return {
    vapi,
    baseUrl,
    profile: profileName,
    tokenSource: resolved?.source,
    ...(resolved ? { token: resolved.token } : {}),
  };
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
