/**
 * `.voxdesk-state.json`: per profile, which remote id each file stands for, the account
 * those ids live in (org id and base URL), and each resource's last-applied baseline (its
 * normalised file content as last pulled or applied), so `pull` can tell a local edit from
 * a remote one and `diff` can show what changed outside voxdesk. Committed with the files;
 * ids and baselines hold no secrets (secrets are `${ENV}` placeholders in both).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KINDS, type KindKey } from './kinds.ts';
import { NAME_PATTERN, writeAtomic } from './files.ts';

export const STATE_FILE = '.voxdesk-state.json';

type Ids = Record<KindKey, Record<string, string>>;
type Value = Record<string, unknown>;
type Baselines = Record<KindKey, Record<string, Value>>;

/** The account a profile's ids belong to. */
export interface Account {
  orgId: string;
  baseUrl: string;
}

interface ProfileEntry extends Partial<Ids> {
  account?: Account;
  baselines?: Partial<Baselines>;
}

interface StateFile {
  version: 1 | 2;
  profiles: Record<string, ProfileEntry>;
}

export interface State {
  path: string;
  profile: string;
  /** The account recorded for this profile (undefined: never recorded). */
  account(): Account | undefined;
  setAccount(account: Account): void;
  /** Id of the resource file `name` of `kind` stands for in this profile. */
  idOf(kind: KindKey, name: string): string | undefined;
  /** File name of a remote id, if a file stands for it. */
  nameOf(kind: KindKey, id: string): string | undefined;
  names(kind: KindKey): Array<[name: string, id: string]>;
  /** Ids of every kind the state records (for "is this the same account?"). */
  allIds(): string[];
  set(kind: KindKey, name: string, id: string): void;
  /** The file content last pulled or applied for `name` (undefined: none recorded). */
  baselineOf(kind: KindKey, name: string): Value | undefined;
  setBaseline(kind: KindKey, name: string, value: Value): void;
  /** Forgets the id and the baseline. */
  remove(kind: KindKey, name: string): void;
  /** Writes the file; saves asked for while one is writing are made once, after it. */
  save(): Promise<void>;
}

const emptyIds = (): Ids => Object.fromEntries(KINDS.map((kind) => [kind.key, {}])) as Ids;
const emptyBaselines = (): Baselines => Object.fromEntries(KINDS.map((kind) => [kind.key, {}])) as Baselines;

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

export async function readState(dir: string, profile: string): Promise<State> {
  const path = join(dir, STATE_FILE);
  let file: StateFile = { version: 2, profiles: {} };
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text !== undefined) {
    try {
      file = JSON.parse(text) as StateFile;
    } catch (error) {
      throw new Error(`${path} is not valid JSON (${(error as Error).message}); restore it from git`, {
        cause: error,
      });
    }
    if (
      (file?.version !== 1 && file?.version !== 2) ||
      typeof file.profiles !== 'object' ||
      file.profiles === null
    )
      throw new Error(`${path} is not a voxdesk state file (version 1 or 2); restore it from git`);
  }
  const entry: ProfileEntry = file.profiles[profile] ?? {};
  const ids: Ids = emptyIds();
  for (const kind of KINDS) ids[kind.key] = { ...entry[kind.key] };
  const baselines: Baselines = { ...emptyBaselines(), ...entry.baselines };
  let account = entry.account;
  // Names become file paths: a hand-edited entry must not point outside the folder.
  for (const kind of KINDS) {
    for (const [name, id] of Object.entries(ids[kind.key])) {
      if (!NAME_PATTERN.test(name) || typeof id !== 'string')
        throw new Error(
          `${path}: profile "${profile}", ${kind.key}: "${name}" is not a file name (a-z, 0-9, -) with an id; restore the file from git`,
        );
    }
  }
  if (account !== undefined && (typeof account?.orgId !== 'string' || typeof account.baseUrl !== 'string'))
    throw new Error(
      `${path}: profile "${profile}": account needs orgId and baseUrl; restore the file from git`,
    );

  let writing: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const write = async () => {
    const entryOut: ProfileEntry = {
      ...(account ? { account } : {}),
      ...(Object.fromEntries(KINDS.map((kind) => [kind.key, sortedKeys(ids[kind.key])])) as Ids),
      baselines: Object.fromEntries(KINDS.map((kind) => [kind.key, sortedKeys(baselines[kind.key] ?? {})])),
    };
    const profiles = { ...file.profiles, [profile]: entryOut };
    // Sorted, so the committed file changes only where an id or a baseline did.
    file = { version: 2, profiles: sortedKeys(profiles) };
    await writeAtomic(path, `${JSON.stringify(file, null, 2)}\n`);
  };
  return {
    path,
    profile,
    account: () => account,
    setAccount(value) {
      account = { orgId: value.orgId, baseUrl: value.baseUrl };
    },
    idOf: (kind, name) => ids[kind][name],
    nameOf: (kind, id) => Object.entries(ids[kind]).find(([, value]) => value === id)?.[0],
    names: (kind) => Object.entries(ids[kind]),
    allIds: () => KINDS.flatMap((kind) => Object.values(ids[kind.key])),
    set(kind, name, id) {
      ids[kind] = { ...ids[kind], [name]: id };
    },
    baselineOf: (kind, name) => baselines[kind]?.[name],
    setBaseline(kind, name, value) {
      baselines[kind] = { ...baselines[kind], [name]: value };
    },
    remove(kind, name) {
      const { [name]: _gone, ...rest } = ids[kind];
      ids[kind] = rest;
      const { [name]: _old, ...others } = baselines[kind] ?? {};
      baselines[kind] = others;
    },
    save() {
      // Parallel steps each wait for a save that includes their change: one write at a
      // time, and every save asked for during a write is made by one more write after it.
      if (queued) return queued;
      if (!writing) {
        writing = write().finally(() => (writing = undefined));
        return writing;
      }
      queued = writing
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          writing = write().finally(() => (writing = undefined));
          return writing;
        });
      return queued;
    },
  };
}
