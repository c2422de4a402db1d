import { CONFIG_KEYS, OUTPUTS, profileNames, profileOf, readSettings, selectedProfile } from '../config.ts';
import { DEFAULT_API_URL } from '../auth/token.ts';
import type { Factory } from '../factory.ts';
import { accountFlags } from './globals.ts';
import type { Target } from './targets.ts';

type Candidates = Array<[value: string, description: string]>;

const KEY_HELP: Record<(typeof CONFIG_KEYS)[number], string> = {
  output: 'default output: table or json',
  profile: 'the active profile',
  base_url: "the active profile's API URL",
};

async function profiles(factory: Factory, words: readonly string[]): Promise<Candidates> {
  const config = await readSettings(factory.configPath);
  const active = selectedProfile(accountFlags(words).profile, factory.env, config);
  return profileNames(config).map((name) => {
    const url = profileOf(config, name).baseUrl ?? DEFAULT_API_URL;
    return [name, `${url}${name === active ? ' (active)' : ''}`];
  });
}

/**
 * Candidates that depend on the user's files or account: profiles, config keys and values,
 * and ids (and names, where a flag takes one) of records. Never throws: a TAB prints no errors.
 */
export async function dynamicCandidates(
  factory: Factory,
  target: Target,
  words: readonly string[],
  current: string,
): Promise<Candidates> {
  let all: Candidates = [];
  try {
    if (target.kind === 'profiles') all = await profiles(factory, words);
    else if (target.kind === 'config-keys') all = CONFIG_KEYS.map((key) => [key, KEY_HELP[key]]);
    else if (target.kind === 'config-values') {
      if (target.key === 'output') all = OUTPUTS.map((value) => [value, '']);
      if (target.key === 'profile') all = await profiles(factory, words);
    } else {
      const { recordsFor } = await import('./records.ts');
      const records = await recordsFor(factory, accountFlags(words), target.spec);
      all = records.map((record) => [record.id, record.label]);
      if (target.names)
        all.push(
          ...records.flatMap((record) => (record.name ? [[record.name, record.id] as [string, string]] : [])),
        );
    }
  } catch {
    return [];
  }
  return all.filter(([value]) => value.startsWith(current));
}
