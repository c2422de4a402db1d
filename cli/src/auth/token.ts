import type { TokenSource } from '../factory.ts';
import type { Profile } from '../config.ts';
import { UsageError } from '../errors.ts';
import { baseUrlError, isBaseUrl } from '../parse-flags.ts';

/** Vapi's API: the URL of every token that names no other (the SDK's DEFAULT_BASE_URL). */
export const DEFAULT_API_URL = 'https://api.vapi.ai';

export interface ResolvedToken {
  token: string;
  source: TokenSource;
}

/** Where the base URL of a run came from (`auth status` shows it). */
export type BaseUrlSource = '--base-url' | 'VAPI_BASE_URL' | 'config file' | 'default';

/** A token and the one base URL it may be sent to, taken together from one source. */
export interface Credentials {
  token?: ResolvedToken;
  baseUrl: string;
  baseUrlSource: BaseUrlSource;
}

/** Precedence: `--token` > `VAPI_TOKEN` > `VAPI_API_KEY` > the profile written by `login`. */
export function resolveToken(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  profile: Profile,
): ResolvedToken | undefined {
  if (flag) return { token: flag, source: '--token' };
  if (env.VAPI_TOKEN) return { token: env.VAPI_TOKEN, source: 'VAPI_TOKEN' };
  if (env.VAPI_API_KEY) return { token: env.VAPI_API_KEY, source: 'VAPI_API_KEY' };
  if (profile.token) return { token: profile.token, source: 'config file' };
  return undefined;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');
const sameUrl = (a: string, b: string) => trimmed(a) === trimmed(b);

function checked(url: string, source: BaseUrlSource, configPath: string): string {
  if (!isBaseUrl(url))
    throw new UsageError(baseUrlError(source === 'config file' ? `baseUrl in ${configPath}` : source, url));
  return trimmed(url);
}

export interface PairingInput {
  flags: { token?: string; baseUrl?: string };
  env: Record<string, string | undefined>;
  /** The selected profile's stored token and base URL (empty when the file was not read). */
  profile: Profile;
  profileName: string;
  configPath: string;
}

/**
 * The pairing rule (as gh binds a token to its host). A token and its base URL come from ONE
 * source: the flags (`--token` with `--base-url` or the default), the environment (`VAPI_TOKEN`
 * with `VAPI_BASE_URL` or the default) or a profile (its token with its stored URL or the
 * default). A URL from another source than the token's is refused unless it is the very URL
 * the token is bound to: a stored or exported token is never sent to a host it was not given for.
 */
export function pairCredentials(input: PairingInput): Credentials {
  const { flags, env, profile, profileName, configPath } = input;
  const token = resolveToken(flags.token, env, profile);
  const envUrl = env.VAPI_BASE_URL || undefined;
  if (!token) {
    // Nothing to protect: any URL the user named is used (auth status, no-auth endpoints).
    if (flags.baseUrl)
      return { baseUrl: checked(flags.baseUrl, '--base-url', configPath), baseUrlSource: '--base-url' };
    if (envUrl)
      return { baseUrl: checked(envUrl, 'VAPI_BASE_URL', configPath), baseUrlSource: 'VAPI_BASE_URL' };
    if (profile.baseUrl)
      return { baseUrl: checked(profile.baseUrl, 'config file', configPath), baseUrlSource: 'config file' };
    return { baseUrl: DEFAULT_API_URL, baseUrlSource: 'default' };
  }
  const own = ownUrl(token, flags, envUrl, profile);
  const baseUrl = checked(own.url, own.source, configPath);
  const foreign = foreignUrl(token, flags, envUrl, baseUrl);
  if (foreign) throw new UsageError(mixedSources(token, profileName, baseUrl, foreign));
  return { token, baseUrl, baseUrlSource: own.source };
}

/**
 * For `login`, which checks a token it was just given: the URL it names (`--base-url`, else
 * VAPI_BASE_URL, else the profile's, else the default) is the one it is checked against and
 * stored with.
 */
export function loginUrl(
  flags: PairingInput['flags'],
  env: Record<string, string | undefined>,
  profile: Profile,
  configPath: string,
): { baseUrl: string; baseUrlSource: BaseUrlSource } {
  const [url, source]: [string, BaseUrlSource] = flags.baseUrl
    ? [flags.baseUrl, '--base-url']
    : env.VAPI_BASE_URL
      ? [env.VAPI_BASE_URL, 'VAPI_BASE_URL']
      : profile.baseUrl
        ? [profile.baseUrl, 'config file']
        : [DEFAULT_API_URL, 'default'];
  return { baseUrl: checked(url, source, configPath), baseUrlSource: source };
}

/** The URL that comes with the token, from the same source. */
function ownUrl(
  token: ResolvedToken,
  flags: PairingInput['flags'],
  envUrl: string | undefined,
  profile: Profile,
): { url: string; source: BaseUrlSource } {
  const paired =
    token.source === '--token'
      ? flags.baseUrl && { url: flags.baseUrl, source: '--base-url' as const }
      : token.source === 'config file'
        ? profile.baseUrl && { url: profile.baseUrl, source: 'config file' as const }
        : envUrl && { url: envUrl, source: 'VAPI_BASE_URL' as const };
  return paired || { url: DEFAULT_API_URL, source: 'default' };
}

/** A URL set by another source than the token's that names another host: refused. */
function foreignUrl(
  token: ResolvedToken,
  flags: PairingInput['flags'],
  envUrl: string | undefined,
  baseUrl: string,
): { setting: '--base-url' | 'VAPI_BASE_URL'; url: string } | undefined {
  if (token.source !== '--token' && flags.baseUrl && !sameUrl(flags.baseUrl, baseUrl))
    return { setting: '--base-url', url: flags.baseUrl };
  const envIsOwn = token.source === 'VAPI_TOKEN' || token.source === 'VAPI_API_KEY';
  // --token with --base-url is a complete pair: the environment's URL does not apply.
  const flagPair = token.source === '--token' && flags.baseUrl;
  if (!envIsOwn && !flagPair && envUrl && !sameUrl(envUrl, baseUrl))
    return { setting: 'VAPI_BASE_URL', url: envUrl };
  return undefined;
}

function mixedSources(
  token: ResolvedToken,
  profileName: string,
  boundTo: string,
  foreign: { setting: '--base-url' | 'VAPI_BASE_URL'; url: string },
): string {
  const refused = `not sending the token to ${foreign.setting} ${foreign.url}`;
  switch (token.source) {
    case 'config file':
      return foreign.setting === 'VAPI_BASE_URL'
        ? `the token of profile "${profileName}" is bound to ${boundTo}; ${refused}: unset VAPI_BASE_URL, or set VAPI_TOKEN to a token for that URL`
        : `the token of profile "${profileName}" is bound to ${boundTo}; ${refused}: store a token for that URL with \`voxdesk auth login --profile <name> --base-url ${foreign.url}\`, or set VAPI_TOKEN and VAPI_BASE_URL`;
    case '--token':
      return `--token goes with --base-url (or ${DEFAULT_API_URL}); ${refused}: pass --base-url too, or unset VAPI_BASE_URL`;
    default:
      return `the token from ${token.source} goes to VAPI_BASE_URL (or ${DEFAULT_API_URL}), here ${boundTo}; ${refused}: set VAPI_BASE_URL instead of --base-url, or unset ${token.source} to use a stored profile`;
  }
}
