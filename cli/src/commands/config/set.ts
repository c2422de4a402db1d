import { DEFAULT_API_URL } from '../../auth/token.ts';
import {
  DEFAULT_PROFILE,
  OUTPUTS,
  profileNames,
  profileOf,
  readConfig,
  selectedProfile,
  withConfigLock,
  withProfile,
  writeConfig,
  type StoredConfig,
} from '../../config.ts';
import { UsageError } from '../../errors.ts';
import { printStatus } from '../../output/print.ts';
import { baseUrlError, isBaseUrl } from '../../parse-flags.ts';
import type { Deps } from '../shared.ts';
import type { SetOpts } from './index.ts';
import { keyOf } from './values.ts';

/** `config set <key> <value>`: checked first, so a bad value changes nothing. */
export function run(opts: SetOpts, deps: Deps): Promise<void> {
  return withConfigLock(deps.configPath, 'config set', () => set(opts, deps));
}

async function set(opts: SetOpts, deps: Deps): Promise<void> {
  const key = keyOf(opts.key);
  const { value } = opts;
  const config = await readConfig(deps.configPath);
  let updated: StoredConfig;
  if (key === 'output') {
    if (!(OUTPUTS as readonly string[]).includes(value))
      throw new UsageError(`output must be one of ${OUTPUTS.join(', ')}, not "${value}"`);
    updated = { ...config, output: value as StoredConfig['output'] };
  } else if (key === 'profile') {
    const names = profileNames(config);
    if (value !== DEFAULT_PROFILE && !names.includes(value))
      throw new UsageError(
        `no profile "${value}"; stored: ${names.join(', ') || 'none'} (create one with \`voxdesk auth login --profile ${value}\`)`,
      );
    const { profile: _previous, ...rest } = config;
    updated = value === DEFAULT_PROFILE ? rest : { ...rest, profile: value };
  } else {
    if (!isBaseUrl(value)) throw new UsageError(baseUrlError('base_url', value));
    const profile = selectedProfile(deps.globals.profile, deps.env, config);
    const current = profileOf(config, profile);
    // A stored token is bound to its URL: moving the URL would send the token elsewhere.
    if (current.token !== undefined && current.baseUrl?.replace(/\/+$/, '') !== value.replace(/\/+$/, ''))
      throw new UsageError(
        `the token of profile "${profile}" is bound to ${current.baseUrl ?? DEFAULT_API_URL}; log in to ${value} with \`voxdesk auth login --profile <name> --base-url ${value}\` instead`,
      );
    updated = withProfile(config, profile, {
      ...profileOf(config, profile),
      baseUrl: value.replace(/\/+$/, ''),
    });
  }
  await writeConfig(deps.configPath, updated);
  printStatus(deps, `Set ${key} to ${value}`);
}
