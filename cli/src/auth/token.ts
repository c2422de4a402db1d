import type { TokenSource } from '../factory.ts';
import type { StoredConfig } from '../config.ts';

export interface ResolvedToken {
  token: string;
  source: TokenSource;
}

/** Precedence: `--token` > `VAPI_TOKEN` > `VAPI_API_KEY` > the config file written by `login`. */
export function resolveToken(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  config: StoredConfig,
): ResolvedToken | undefined {
  if (flag) return { token: flag, source: '--token' };
  if (env.VAPI_TOKEN) return { token: env.VAPI_TOKEN, source: 'VAPI_TOKEN' };
  if (env.VAPI_API_KEY) return { token: env.VAPI_API_KEY, source: 'VAPI_API_KEY' };
  if (config.token) return { token: config.token, source: 'config file' };
  return undefined;
}

/** Precedence: `--base-url` > `VAPI_BASE_URL` > the config file > the SDK's default. */
export function resolveBaseUrl(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  config: StoredConfig,
): string | undefined {
  return baseUrlSetting(flag, env, config)?.url;
}

/** The base URL and the setting it came from, so a bad one can be named. */
export function baseUrlSetting(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  config: StoredConfig,
): { url: string; source: '--base-url' | 'VAPI_BASE_URL' | 'config file' } | undefined {
  if (flag) return { url: flag, source: '--base-url' };
  if (env.VAPI_BASE_URL) return { url: env.VAPI_BASE_URL, source: 'VAPI_BASE_URL' };
  if (config.baseUrl) return { url: config.baseUrl, source: 'config file' };
  return undefined;
}
