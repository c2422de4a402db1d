import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError } from './errors.ts';

/** One account: a token and the API it talks to. */
export interface Profile {
  token?: string;
  baseUrl?: string;
}

export const OUTPUTS = ['table', 'json'] as const;

/** The keys `voxdesk config get/set` knows (completion offers them too). */
export const CONFIG_KEYS = ['output', 'profile', 'base_url'] as const;

/**
 * What `voxdesk login` and `voxdesk config set` store; the file is private to the user
 * (mode 0600 in a 0700 folder). The top-level token and base URL are the profile named
 * "default" (the file's first format, still read and written as is); other profiles live
 * under `profiles`.
 */
export interface StoredConfig extends Profile {
  profiles?: Record<string, Profile>;
  /** The active profile (`auth switch`, `config set profile`). */
  profile?: string;
  /** Default output when no --json/--jq/--template is given. */
  output?: (typeof OUTPUTS)[number];
  /** `voxdesk alias set`: name → the command words it stands for. */
  aliases?: Record<string, string>;
}

export const DEFAULT_PROFILE = 'default';

function profileFrom(value: unknown): Profile | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { token, baseUrl } = value as Record<string, unknown>;
  return {
    ...(typeof token === 'string' ? { token } : {}),
    ...(typeof baseUrl === 'string' ? { baseUrl } : {}),
  };
}

/** The known keys of a parsed file, each only when it has the right type. */
function configFrom(parsed: Record<string, unknown>): StoredConfig {
  const profiles: Record<string, Profile> = {};
  if (parsed.profiles && typeof parsed.profiles === 'object') {
    for (const [name, value] of Object.entries(parsed.profiles)) {
      const profile = profileFrom(value);
      if (profile) profiles[name] = profile;
    }
  }
  const { profile, output } = parsed;
  const aliases = Object.entries(
    parsed.aliases && typeof parsed.aliases === 'object' ? parsed.aliases : {},
  ).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return {
    ...(aliases.length > 0 ? { aliases: Object.fromEntries(aliases) } : {}),
    ...profileFrom(parsed),
    ...(Object.keys(profiles).length > 0 ? { profiles } : {}),
    ...(typeof profile === 'string' ? { profile } : {}),
    ...(OUTPUTS.includes(output as 'json') ? { output: output as StoredConfig['output'] } : {}),
  };
}

/** A profile's token and base URL ("default" is the top level). */
export function profileOf(config: StoredConfig, name: string): Profile {
  if (name === DEFAULT_PROFILE) return { ...profileFrom(config) };
  return config.profiles?.[name] ?? {};
}

/** The config with one profile replaced (or removed, given undefined). */
export function withProfile(config: StoredConfig, name: string, profile: Profile | undefined): StoredConfig {
  if (name === DEFAULT_PROFILE) {
    const { token: _token, baseUrl: _baseUrl, ...rest } = config;
    return { ...rest, ...profile };
  }
  const profiles = { ...config.profiles };
  if (profile) profiles[name] = profile;
  else delete profiles[name];
  const { profiles: _profiles, ...rest } = config;
  return { ...rest, ...(Object.keys(profiles).length > 0 ? { profiles } : {}) };
}

/** Profiles with a token or a base URL, "default" first. */
export function profileNames(config: StoredConfig): string[] {
  const named = Object.keys(config.profiles ?? {}).sort();
  const hasDefault = config.token !== undefined || config.baseUrl !== undefined;
  return [...(hasDefault ? [DEFAULT_PROFILE] : []), ...named];
}

/** Which profile a run uses: `--profile` > VOXDESK_PROFILE > the stored active one > "default". */
export function selectedProfile(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  config: StoredConfig,
): string {
  return flag || env.VOXDESK_PROFILE || config.profile || DEFAULT_PROFILE;
}

export async function readConfig(path: string): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
    return configFrom(parsed as Record<string, unknown>);
  } catch (error) {
    throw new CliError(`${path} is not valid: ${(error as Error).message}; fix it or run \`voxdesk logout\``);
  }
}

/**
 * For `login` and `logout`, which must work even when the file is corrupt (they are how a
 * user repairs it): an unreadable file is moved aside to `<path>.bad` (keeping its private
 * mode) and reported, and the caller starts from an empty config.
 */
export async function readConfigForRepair(path: string): Promise<{ config: StoredConfig; note?: string }> {
  try {
    return { config: await readConfig(path) };
  } catch (error) {
    if (!(error instanceof CliError) || !error.message.includes('is not valid')) throw error;
    const aside = `${path}.bad`;
    await rename(path, aside);
    const reason = error.message.slice(`${path} is not valid: `.length).replace(/;.*$/, '');
    return { config: {}, note: `${path} was not valid (${reason}); moved it to ${aside}` };
  }
}

/** The file as a run's defaults see it: a missing or corrupt file is empty (never an error here). */
export async function readSettings(path: string): Promise<StoredConfig> {
  return readConfig(path).catch(() => ({}));
}

/** How long a change waits while another voxdesk changes the file (each takes milliseconds). */
const CONFIG_LOCK_WAIT_MS = 10_000;

/**
 * Runs a read-modify-write of the config file holding its lock (`<path>.lock`, the CLI's file
 * lock), so two voxdesk processes changing it at once both land instead of one losing.
 */
export async function withConfigLock<T>(path: string, command: string, change: () => Promise<T>): Promise<T> {
  // Loaded here, not at start-up: only commands that change the file need it.
  const { lockFile } = await import('./file-lock.ts');
  const release = await lockFile(`${path}.lock`, command, { waitMs: CONFIG_LOCK_WAIT_MS });
  try {
    return await change();
  } finally {
    await release();
  }
}

/** Writes through a temporary file and a rename, so a crash never leaves half a token. */
export async function writeConfig(path: string, config: StoredConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  // mkdir's mode applies only to a folder it creates; ours must be private either way.
  await chmod(dirname(path), 0o700);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode is filtered by the umask; the token must never be group-readable.
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

/** Removes a profile's stored token (a named profile goes entirely); returns whether there was one. */
export async function removeToken(
  path: string,
  config?: StoredConfig,
  profile: string = DEFAULT_PROFILE,
): Promise<boolean> {
  config ??= await readConfig(path);
  const current = profileOf(config, profile);
  if (current.token === undefined) return false;
  const { token: _token, ...kept } = current;
  let rest = withProfile(config, profile, profile === DEFAULT_PROFILE ? kept : undefined);
  if (rest.profile === profile) {
    const { profile: _active, ...others } = rest;
    rest = others;
  }
  if (Object.keys(rest).length === 0) await rm(path, { force: true });
  else await writeConfig(path, rest);
  return true;
}

/** A warning when the file holding the token can be read by other users, else undefined. */
export async function looseModeWarning(path: string): Promise<string | undefined> {
  try {
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) === 0) return undefined;
    return `${path} is readable by other users (mode ${mode.toString(8).padStart(4, '0')}); run \`chmod 600 ${path}\``;
  } catch {
    return undefined;
  }
}
