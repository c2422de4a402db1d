import type { Command } from 'commander';
import {
  CONFIG_KEYS as KEYS,
  DEFAULT_PROFILE,
  OUTPUTS,
  profileNames,
  profileOf,
  readConfig,
  selectedProfile,
  withProfile,
  writeConfig,
  type StoredConfig,
} from '../config.ts';
import { UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { printStatus } from '../output/print.ts';
import { baseUrlError, isBaseUrl } from '../parse-flags.ts';
import { globalsOf } from './shared.ts';
import { DEFAULT_API_URL } from '../auth/token.ts';

type Key = (typeof KEYS)[number];

function keyOf(value: string): Key {
  if (!(KEYS as readonly string[]).includes(value))
    throw new UsageError(`unknown key "${value}"; keys: ${KEYS.join(', ')}`);
  return value as Key;
}

function valuesOf(factory: Factory, command: Command, config: StoredConfig): Record<Key, string> {
  const profile = selectedProfile(globalsOf(command).profile, factory.env, config);
  return {
    output: config.output ?? 'table',
    profile,
    base_url: profileOf(config, profile).baseUrl ?? '',
  };
}

export async function getSetting(factory: Factory, command: Command): Promise<void> {
  const key = keyOf(command.processedArgs[0] as string);
  const config = await readConfig(factory.configPath);
  factory.io.stdout.write(`${valuesOf(factory, command, config)[key]}\n`);
}

export async function listSettings(factory: Factory, command: Command): Promise<void> {
  const config = await readConfig(factory.configPath);
  const values = valuesOf(factory, command, config);
  factory.io.stdout.write(KEYS.map((key) => `${key}=${values[key]}\n`).join(''));
}

export async function setSetting(factory: Factory, command: Command): Promise<void> {
  const key = keyOf(command.processedArgs[0] as string);
  const value = command.processedArgs[1] as string;
  const config = await readConfig(factory.configPath);
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
    const profile = selectedProfile(globalsOf(command).profile, factory.env, config);
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
  await writeConfig(factory.configPath, updated);
  printStatus(factory, `Set ${key} to ${value}`);
}
