/**
 * `pull`: the account's resources written into the folder, one file each. Deterministic:
 * keys in the schema's order, no server-owned fields, an existing file rewritten in place
 * (its comments and key order kept), so a second pull with no remote change writes nothing.
 */
import { readFile } from 'node:fs/promises';
import type { Vapi } from '@voxdesk/sdk';
import { envName, PLACEHOLDER, toFileValue, valueAt, type SecretWriter } from './convert.ts';
import {
  filePath,
  FolderProblems,
  newFileText,
  readFolder,
  removeFile,
  slugify,
  syncedFileText,
  writeAtomic,
  type LocalFile,
} from './files.ts';
import { KINDS, type KindKey } from './kinds.ts';
import { listRemote, type RemoteRecord } from './remote.ts';
import type { State } from './state.ts';

export interface PullResult {
  /** Resources pulled, per kind. */
  counts: Map<KindKey, number>;
  written: string[];
  unchanged: number;
  removed: string[];
  /** Environment variables the written placeholders name (set them before applying). */
  variables: string[];
}

/** The text a resource's file name comes from. */
function titleOf(kind: KindKey, record: RemoteRecord): string {
  const fn = record.function as { name?: unknown } | undefined;
  const candidates =
    kind === 'tools'
      ? [record.name, fn?.name, record.type]
      : kind === 'phoneNumbers'
        ? [record.name, record.number, record.sipUri]
        : [record.name];
  const found = candidates.find((value) => typeof value === 'string' && value.trim() !== '');
  return typeof found === 'string' ? found : `${kind}-${record.id.slice(0, 8)}`;
}

export async function pull(options: {
  vapi: Vapi;
  dir: string;
  state: State;
  kinds: readonly KindKey[];
}): Promise<PullResult> {
  const { vapi, dir, state, kinds } = options;
  const { files, problems } = await readFolder(dir, kinds);
  if (problems.length) throw new FolderProblems(problems);
  const local = new Map(files.map((file) => [`${file.kind}:${file.name}`, file]));
  const result: PullResult = { counts: new Map(), written: [], unchanged: 0, removed: [], variables: [] };

  // Names first, for every kind, so references between files can be written.
  const remotes = new Map<KindKey, RemoteRecord[]>();
  const names = new Map<string, string>();
  for (const kind of kinds) {
    const records = [...(await listRemote(vapi, kind)).values()].sort(
      (a, b) => String(a.createdAt).localeCompare(String(b.createdAt)) || a.id.localeCompare(b.id),
    );
    remotes.set(kind, records);
    result.counts.set(kind, records.length);
    const taken = new Set(state.names(kind).map(([name]) => name));
    for (const record of records) {
      let name = state.nameOf(kind, record.id);
      if (!name) {
        const base = slugify(titleOf(kind, record));
        name = base;
        // A file not yet applied with this name is adopted; a name the state gives another id is not.
        for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
        taken.add(name);
      }
      names.set(`${kind}:${record.id}`, name);
    }
  }
  const nameOf = (kind: KindKey, id: string) => names.get(`${kind}:${id}`) ?? state.nameOf(kind, id);

  for (const kind of kinds) {
    const pulled = new Set<string>();
    for (const record of remotes.get(kind) ?? []) {
      const name = names.get(`${kind}:${record.id}`) as string;
      pulled.add(name);
      const existing = local.get(`${kind}:${name}`);
      const value = toFileValue(kind, record, nameOf, secretForPull(existing, name, result.variables));
      const path = existing?.path ?? filePath(dir, kind, name);
      const text = existing ? syncedFileText(existing, value) : newFileText(value);
      const before = existing ? await readFile(existing.path, 'utf8') : undefined;
      if (before === text) result.unchanged += 1;
      else {
        await writeAtomic(path, text);
        result.written.push(path);
      }
      state.set(kind, name, record.id);
    }
    // Files that stood for a resource the account no longer has.
    for (const [name] of state.names(kind)) {
      if (pulled.has(name)) continue;
      state.remove(kind, name);
      const file = local.get(`${kind}:${name}`);
      if (file) {
        await removeFile(file.path);
        result.removed.push(file.path);
      }
    }
  }
  await state.save();
  return result;
}

/** A secret is written as the file's placeholder at that place, else a new `${NAME}`. */
function secretForPull(file: LocalFile | undefined, name: string, variables: string[]): SecretWriter {
  return (path) => {
    const existing = file ? valueAt(file.value, path) : undefined;
    const placeholder =
      typeof existing === 'string' && PLACEHOLDER.test(existing) ? existing : `\${${envName(name, path)}}`;
    const variable = PLACEHOLDER.exec(placeholder)?.[1] as string;
    if (!variables.includes(variable)) variables.push(variable);
    return placeholder;
  };
}

export const KIND_WORDS = KINDS.map((kind) => kind.dir);
