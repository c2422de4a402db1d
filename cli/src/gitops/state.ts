/**
 * `.voxdesk-state.json`: which remote id each file stands for, per profile, so one folder
 * can be applied to staging and production. Committed with the files; ids are not secrets.
 * It is rewritten after every change an apply makes, so an interrupted apply resumes
 * without creating anything twice.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KINDS, type KindKey } from './kinds.ts';
import { NAME_PATTERN, writeAtomic } from './files.ts';

export const STATE_FILE = '.voxdesk-state.json';

type Ids = Record<KindKey, Record<string, string>>;

interface StateFile {
  version: 1;
  profiles: Record<string, Ids>;
}

export interface State {
  path: string;
  /** Id of the resource file `name` of `kind` stands for in this profile. */
  idOf(kind: KindKey, name: string): string | undefined;
  /** File name of a remote id, if a file stands for it. */
  nameOf(kind: KindKey, id: string): string | undefined;
  names(kind: KindKey): Array<[name: string, id: string]>;
  set(kind: KindKey, name: string, id: string): void;
  remove(kind: KindKey, name: string): void;
  save(): Promise<void>;
}

const emptyIds = (): Ids => Object.fromEntries(KINDS.map((kind) => [kind.key, {}])) as Ids;

export async function readState(dir: string, profile: string): Promise<State> {
  const path = join(dir, STATE_FILE);
  let file: StateFile = { version: 1, profiles: {} };
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
    if (file?.version !== 1 || typeof file.profiles !== 'object' || file.profiles === null)
      throw new Error(`${path} is not a voxdesk state file (version 1); restore it from git`);
  }
  const ids: Ids = { ...emptyIds(), ...file.profiles[profile] };
  // Names become file paths: a hand-edited entry must not point outside the folder.
  for (const kind of KINDS) {
    for (const [name, id] of Object.entries(ids[kind.key] ?? {})) {
      if (!NAME_PATTERN.test(name) || typeof id !== 'string')
        throw new Error(
          `${path}: profile "${profile}", ${kind.key}: "${name}" is not a file name (a-z, 0-9, -) with an id; restore the file from git`,
        );
    }
  }
  return {
    path,
    idOf: (kind, name) => ids[kind][name],
    nameOf: (kind, id) => Object.entries(ids[kind]).find(([, value]) => value === id)?.[0],
    names: (kind) => Object.entries(ids[kind]),
    set(kind, name, id) {
      ids[kind] = { ...ids[kind], [name]: id };
    },
    remove(kind, name) {
      const { [name]: _gone, ...rest } = ids[kind];
      ids[kind] = rest;
    },
    async save() {
      // Sorted, so the committed file changes only where an id did.
      const sorted = Object.fromEntries(
        KINDS.map((kind) => [
          kind.key,
          Object.fromEntries(Object.entries(ids[kind.key]).sort(([a], [b]) => a.localeCompare(b))),
        ]),
      ) as Ids;
      const profiles = { ...file.profiles, [profile]: sorted };
      file = {
        version: 1,
        profiles: Object.fromEntries(Object.entries(profiles).sort(([a], [b]) => a.localeCompare(b))),
      };
      await writeAtomic(path, `${JSON.stringify(file, null, 2)}\n`);
    },
  };
}
