import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError } from './errors.ts';

/** What `voxdesk login` stores. The file is private to the user (mode 0600). */
export interface StoredConfig {
  token?: string;
  baseUrl?: string;
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
    const { token, baseUrl } = parsed as Record<string, unknown>;
    return {
      ...(typeof token === 'string' ? { token } : {}),
      ...(typeof baseUrl === 'string' ? { baseUrl } : {}),
    };
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

/** Writes through a temporary file and a rename, so a crash never leaves half a token. */
export async function writeConfig(path: string, config: StoredConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode is filtered by the umask; the token must never be group-readable.
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

/** Removes the stored token; returns whether there was one. */
export async function removeToken(path: string, config?: StoredConfig): Promise<boolean> {
  config ??= await readConfig(path);
  if (config.token === undefined) return false;
  const { token: _token, ...rest } = config;
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
