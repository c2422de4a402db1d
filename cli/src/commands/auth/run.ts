import {
  DEFAULT_PROFILE,
  profileNames,
  profileOf,
  readConfig,
  readConfigForRepair,
  removeToken,
  selectedProfile,
  withConfigLock,
  withProfile,
  writeConfig,
} from '../../config.ts';
import { AuthError, SilentExit, UsageError } from '../../errors.ts';
import type { Client, TokenSource } from '../../factory.ts';
import { readSecret } from '../../input/prompt.ts';
import { readAll } from '../../input/stdin.ts';
import { printList, printShaped, printStatus } from '../../output/print.ts';
import { shapingOf } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { resolveToken, type BaseUrlSource } from '../../auth/token.ts';
import type { Deps } from '../shared.ts';
import type { ListProfilesOpts, LoginOpts, StatusOpts, SwitchOpts } from './index.ts';

/** One cheap authenticated request: does the API accept this client's token? */
async function verify(
  deps: Pick<Deps, 'io' | 'env' | 'configPath' | 'now'>,
  client: Client,
  consequence: string,
): Promise<void> {
  try {
    await withSpinner(deps.io, 'Checking the token', () => client.vapi.assistants.list({ limit: 1 }));
  } catch (error) {
    const { AuthenticationError } = await import('@voxdesk/sdk');
    if (error instanceof AuthenticationError)
      throw new AuthError(
        `the API rejected the token (401 from GET /assistant)${consequence ? `; ${consequence}` : ''}`,
      );
    throw error;
  }
}

export async function login(opts: LoginOpts, deps: Deps): Promise<void> {
  const { withToken } = opts;
  const { io } = deps;
  let token: string;
  if (withToken) token = (await readAll(io.stdin)).trim();
  else if (io.isStdinTTY) token = (await readSecret(io, 'Paste your Vapi API token (input hidden): ')).trim();
  else throw new UsageError('stdin is not a terminal: pipe the token with `voxdesk login --with-token`');
  if (!token) throw new UsageError('no token given; nothing was stored');
  if (/\s/.test(token)) throw new UsageError('the token contains whitespace; nothing was stored');
  // A corrupt file must not stop the login that repairs it: verify without it, then move it aside.
  const stored = await readConfig(deps.configPath).catch(() => ({}));
  const client = await deps.client({ token, config: stored });
  await verify(deps, client, 'nothing was stored');
  const name = client.profile;
  await withConfigLock(deps.configPath, 'auth login', async () => {
    const { config, note } = await readConfigForRepair(deps.configPath);
    if (note) io.stderr.write(`! ${note}\n`);
    // The token is bound to the URL it was checked against (--base-url or VAPI_BASE_URL included).
    const profile = {
      ...profileOf(config, name),
      token,
      ...(client.baseUrlSource === 'default' ? {} : { baseUrl: client.baseUrl }),
    };
    const updated = withProfile(config, name, profile);
    // As `gh auth login`: the account just logged in to becomes the active one.
    if (name !== (config.profile ?? DEFAULT_PROFILE)) updated.profile = name;
    await writeConfig(deps.configPath, updated);
  });
  const as = name === DEFAULT_PROFILE ? '' : ` as profile "${name}"`;
  printStatus(deps, `Logged in to ${client.baseUrl}${as}; token stored in ${deps.configPath}`);
  const shadowing = resolveToken(undefined, deps.env, {});
  if (shadowing) io.stderr.write(`! ${shadowing.source} is set and takes precedence over the stored token\n`);
}

export function logout(_opts: object, deps: Deps): Promise<void> {
  return withConfigLock(deps.configPath, 'auth logout', () => removeStoredToken(deps));
}

async function removeStoredToken(deps: Deps): Promise<void> {
  const { config, note } = await readConfigForRepair(deps.configPath);
  if (note) {
    // The corrupt file is gone (moved aside): that is the logout the user asked for.
    printStatus(deps, `Removed the token: ${note}`);
    return;
  }
  const name = selectedProfile(deps.globals.profile, deps.env, config);
  const of = name === DEFAULT_PROFILE ? '' : ` of profile "${name}"`;
  if (!(await removeToken(deps.configPath, config, name)))
    throw new AuthError(`not logged in: no token${of} stored in ${deps.configPath}`);
  printStatus(deps, `Removed the token${of} from ${deps.configPath}`);
  if (name === (config.profile ?? DEFAULT_PROFILE)) await sayActive(deps);
  const remaining = resolveToken(undefined, deps.env, {});
  if (remaining) deps.io.stderr.write(`! ${remaining.source} is still set and will be used\n`);
}

/** After logging out of the active profile: which one the next command uses now. */
async function sayActive(deps: Pick<Deps, 'io' | 'env' | 'configPath' | 'now'>): Promise<void> {
  const config = await readConfig(deps.configPath);
  const active = config.profile ?? DEFAULT_PROFILE;
  const others = profileNames(config).filter((name) => profileOf(config, name).token !== undefined);
  if (profileOf(config, active).token !== undefined) printStatus(deps, `Active profile is now "${active}"`);
  else
    printStatus(
      deps,
      `Active profile is now "${active}", with no token stored${others.length > 0 ? `; switch with \`voxdesk auth switch ${others[0]}\`` : ''}`,
    );
}

/** Enough of a token to tell two apart, never enough to use: `********6789`. */
export function maskToken(token: string): string {
  return token.length >= 12 ? `********${token.slice(-4)}` : '********';
}

/** What to do when the token from this source is missing or rejected. */
function fixFor(source: TokenSource | undefined, configPath: string): string {
  switch (source) {
    case '--token':
      return 'pass a valid token (better: set VAPI_TOKEN, which stays out of `ps` and shell history)';
    case 'VAPI_TOKEN':
    case 'VAPI_API_KEY':
      return `set ${source} to a valid private key, or unset it to use the token stored by \`voxdesk login\``;
    case 'config file':
      return `run \`voxdesk login\` to replace the token stored in ${configPath}`;
    default:
      return 'run `voxdesk login`, or set VAPI_TOKEN';
  }
}

const STATUS_FIELDS = [
  'baseUrl',
  'baseUrlSource',
  'profile',
  'source',
  'configPath',
  'token',
  'valid',
  'error',
  'fix',
];

interface StatusReport {
  baseUrl: string;
  baseUrlSource: BaseUrlSource;
  profile: string;
  source: TokenSource | null;
  configPath: string;
  token: string | null;
  valid: boolean;
  error?: string;
  fix?: string;
}

export async function status(opts: StatusOpts, deps: Deps): Promise<void> {
  const shaping = shapingOf(opts, STATUS_FIELDS);
  // The client resolves the token (flag, environment, config file) exactly as every command does.
  const client = await deps.client({ requireToken: false });
  const report: StatusReport = {
    baseUrl: client.baseUrl,
    baseUrlSource: client.baseUrlSource,
    profile: client.profile,
    source: client.tokenSource ?? null,
    configPath: deps.configPath,
    token: client.token ? maskToken(client.token) : null,
    valid: false,
  };
  let failure: AuthError | undefined;
  if (!client.tokenSource) {
    failure = new AuthError(
      `not logged in: no --token, VAPI_TOKEN, VAPI_API_KEY or token in ${deps.configPath}; ${fixFor(undefined, deps.configPath)}`,
    );
    report.error = 'no token';
  } else {
    try {
      await verify(deps, client, '');
      report.valid = true;
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const from = client.tokenSource === 'config file' ? `the config file` : client.tokenSource;
      report.error = `the API rejected the token from ${from} (401 from GET /assistant)`;
      failure = new AuthError(`${report.error}; ${fixFor(client.tokenSource, deps.configPath)}`);
    }
  }
  if (!report.valid) report.fix = fixFor(client.tokenSource, deps.configPath);
  if (shaping.kind !== 'table') {
    await printShaped(deps, report, shaping, async () => '');
    if (failure) throw new SilentExit(failure.exitCode);
    return;
  }
  if (failure) throw failure;
  const profile = client.profile === DEFAULT_PROFILE ? '' : `, profile "${client.profile}"`;
  const where =
    client.tokenSource === 'config file'
      ? `the config file (${deps.configPath}${profile})`
      : client.tokenSource;
  deps.io.stdout.write(
    `Logged in to ${client.baseUrl}\nURL source: ${urlSource(client, deps.configPath)}\nToken source: ${where}\nToken: ${report.token} — valid (checked with GET /assistant)\n`,
  );
}

function urlSource(client: Client, configPath: string): string {
  if (client.baseUrlSource === 'default') return 'the default';
  if (client.baseUrlSource !== 'config file') return client.baseUrlSource;
  return `the config file (${configPath}, profile "${client.profile}")`;
}

/**
 * `auth token`: the token this run would send, whole, on stdout (as `gh auth token`), for
 * `curl -H "Authorization: Bearer $(voxdesk auth token)"`. Nothing is sent to Vapi.
 */
export async function printToken(_opts: object, deps: Deps): Promise<void> {
  const client = await deps.client();
  if (deps.io.isStdoutTTY) deps.io.stderr.write(`! the token of ${client.baseUrl} follows; it is a secret\n`);
  deps.io.stdout.write(`${client.token}\n`);
}

/** `auth switch <name>`: make a stored profile the active one. */
export async function switchProfile(opts: SwitchOpts, deps: Deps): Promise<void> {
  const { profile: name } = opts;
  await withConfigLock(deps.configPath, 'auth switch', async () => {
    const config = await readConfig(deps.configPath);
    const names = profileNames(config);
    if (!names.includes(name)) {
      throw new UsageError(
        `no profile "${name}" in ${deps.configPath}; ${names.length > 0 ? `stored: ${names.join(', ')}` : 'none stored'} (create one with \`voxdesk auth login --profile ${name}\`)`,
      );
    }
    const { profile: _previous, ...rest } = config;
    await writeConfig(deps.configPath, name === DEFAULT_PROFILE ? rest : { ...rest, profile: name });
  });
  printStatus(deps, `Switched to profile "${name}"`);
  if (deps.env.VOXDESK_PROFILE && deps.env.VOXDESK_PROFILE !== name)
    deps.io.stderr.write(`! VOXDESK_PROFILE=${deps.env.VOXDESK_PROFILE} is set and takes precedence\n`);
}

/** `auth list`: every stored profile, the active one marked; tokens masked. */
export async function listProfiles(opts: ListProfilesOpts, deps: Deps): Promise<void> {
  const shaping = shapingOf(opts, ['name', 'active', 'baseUrl', 'token']);
  const config = await readConfig(deps.configPath);
  const active = selectedProfile(deps.globals.profile, deps.env, config);
  const rows = profileNames(config).map((name) => {
    const profile = profileOf(config, name);
    return {
      name,
      active: name === active,
      baseUrl: profile.baseUrl ?? null,
      token: profile.token ? maskToken(profile.token) : null,
    };
  });
  if (rows.length === 0 && shaping.kind === 'table') {
    deps.io.stderr.write(`No profiles stored in ${deps.configPath}; run \`voxdesk auth login\`.\n`);
    return;
  }
  const columns = [
    { header: '', value: (row: Record<string, unknown>) => (row.active ? '*' : '') },
    { header: 'PROFILE', value: (row: Record<string, unknown>) => row.name },
    { header: 'BASE URL', value: (row: Record<string, unknown>) => row.baseUrl ?? 'https://api.vapi.ai' },
    { header: 'TOKEN', value: (row: Record<string, unknown>) => row.token ?? '' },
  ];
  await printList(deps, columns, rows, shaping);
}
