import { CONFIG_KEYS, profileOf, selectedProfile, type StoredConfig } from '../../config.ts';
import { UsageError } from '../../errors.ts';
import type { Deps } from '../shared.ts';

export const KEYS = CONFIG_KEYS;
export type Key = (typeof KEYS)[number];

export function keyOf(value: string): Key {
  if (!(KEYS as readonly string[]).includes(value))
    throw new UsageError(`unknown key "${value}"; keys: ${KEYS.join(', ')}`);
  return value as Key;
}

export function valuesOf(deps: Deps, config: StoredConfig): Record<Key, string> {
  const profile = selectedProfile(deps.globals.profile, deps.env, config);
  return {
    output: config.output ?? 'table',
    profile,
    base_url: profileOf(config, profile).baseUrl ?? '',
  };
}
