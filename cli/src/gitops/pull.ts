/**
 * `pull`: the account's resources written into the folder, one file each. Deterministic:
 * keys in the schema's order, no server-owned fields, an existing file rewritten in place
 * (its comments and key order kept), so a second pull with no remote change writes nothing.
 *
 * It never destroys local work: a file that differs from its last-applied baseline (an
 * unapplied edit), a draft never applied that a new remote resource would take the name
 * of, and an edited file whose resource was deleted are left alone and reported as
 * conflicts (`force` overrides). The account is checked before anything is written.
 */
import { readFile } from 'node:fs/promises';
import type { Vapi } from '@voxdesk/sdk';
import { checkAccount, accountOrg } from './account.ts';
import {
  deepEqual,
  envName,
  keepPlaceholders,
  PLACEHOLDER,
  toFileValue,
  valueAt,
  type SecretWriter,
} from './convert.ts';
import { nameNewCredentials } from './credentials.ts';
import {
  fieldName,
  canSync,
  filePath,
  FolderProblems,
  newResourceFile,
  readFolder,
  removeFile,
  slugify,
  syncedFileText,
  writeAtomic,
  type LocalFile,
} from './files.ts';
import { KINDS, kindOf, type KindKey } from './kinds.ts';
import { addCredentials, type ProfileValues } from './profile-values.ts';
import { listRemote, titleOf, type RemoteRecord } from './remote.ts';
import type { State } from './state.ts';

/** A file pull left alone, and why. */
export interface PullConflict {
  path: string;
  reason: string;
}

export interface PullResult {
  /** Resources pulled, per kind. */
  counts: Map<KindKey, number>;
  written: string[];
  unchanged: number;
  removed: string[];
  conflicts: PullConflict[];
  /** Environment variables the written placeholders name (set them before applying). */
  variables: string[];
  orgId: string | undefined;
  /** Placeholders kept although the account holds another value (or the variable is not set). */
  placeholders: PullConflict[];
  /** Credential names added to the profile file for ids it had no name for. */
  credentials: string[];
}

export async function pull(options: {
  vapi: Vapi;
  dir: string;
  state: State;
  kinds: readonly KindKey[];
  baseUrl: string;
  /** Overwrite and remove files even when they hold work not applied. */
  force?: boolean;
  /** The profile's values and credential names (profiles/<profile>.yaml). */
  values?: ProfileValues;
  /** Placeholder values: the profile file's, with the environment over them. */
  env?: Record<string, string | undefined>;
}): Promise<PullResult> {
  const { vapi, dir, state, kinds, force = false, values, env = {} } = options;
  const credentials = { ...values?.credentials };
  const newCredentials: Record<string, string> = {};
  const { files, problems } = await readFolder(dir, kinds);
  if (problems.length) throw new FolderProblems(problems);
  const local = new Map(files.map((file) => [`${file.kind}:${file.name}`, file]));
  const result: PullResult = {
    counts: new Map(),
    written: [],
    unchanged: 0,
    removed: [],
    conflicts: [],
    variables: [],
    orgId: undefined,
    placeholders: [],
    credentials: [],
  };

  const remotes = new Map<KindKey, RemoteRecord[]>();
  for (const kind of kinds) {
    const records = [...(await listRemote(vapi, kind)).values()].sort(
      (a, b) => String(a.createdAt).localeCompare(String(b.createdAt)) || a.id.localeCompare(b.id),
    );
    remotes.set(kind, records);
    result.counts.set(kind, records.length);
  }
  // Before any write: the token must open the account the state's ids belong to.
  const all = [...remotes.values()].flat();
  result.orgId = await accountOrg(vapi, all);
  checkAccount(state, { orgId: result.orgId, baseUrl: options.baseUrl, ids: new Set(all.map((r) => r.id)) });

  // Names first, for every kind, so references between files can be written.
  const names = new Map<string, string>();
  const drafts = new Set<string>();
  for (const kind of kinds) {
    const taken = new Set(state.names(kind).map(([name]) => name));
    for (const record of remotes.get(kind) ?? []) {
      let name = state.nameOf(kind, record.id);
      if (!name) {
        const base = slugify(titleOf(kind, record));
        name = base;
        for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
        taken.add(name);
        // A file never applied holds that name: it is the user's draft, not this resource.
        if (local.has(`${kind}:${name}`) && !force) drafts.add(`${kind}:${record.id}`);
      }
      names.set(`${kind}:${record.id}`, name);
    }
  }
  const nameOf = (kind: KindKey, id: string) =>
    drafts.has(`${kind}:${id}`) ? undefined : (names.get(`${kind}:${id}`) ?? state.nameOf(kind, id));
  const conflict = (path: string, reason: string) => result.conflicts.push({ path, reason });

  for (const kind of kinds) {
    const pulled = new Set<string>();
    for (const record of remotes.get(kind) ?? []) {
      const name = names.get(`${kind}:${record.id}`) as string;
      const existing = local.get(`${kind}:${name}`);
      const path = existing?.path ?? filePath(dir, kind, name);
      if (drafts.has(`${kind}:${record.id}`)) {
        conflict(
          path,
          `not applied yet, and the account has ${article(kindOf(kind).label)} of that name (${record.id}); your file is kept. ` +
            'Apply it (apply adopts the resource when the content matches), rename it, or pull --force to take the account’s',
        );
        continue;
      }
      pulled.add(name);
      const added = nameNewCredentials(record, credentials);
      Object.assign(credentials, added);
      Object.assign(newCredentials, added);
      // A placeholder the file holds stays one (pull never writes its value as a literal).
      const value = keepPlaceholders(
        toFileValue(kind, record, nameOf, secretForPull(existing, name, result.variables), credentials),
        existing?.value,
        env,
        {
          always: true,
          differs: (at, variable) =>
            result.placeholders.push({
              path,
              reason: `${fieldName(at)}: the account holds another value than \${${variable}}${env[variable] ? '' : ' (not set)'}; the placeholder is kept (set it, or apply)`,
            }),
        },
      ) as Record<string, unknown>;
      const baseline = state.baselineOf(kind, name);
      if (existing && !force && !deepEqual(existing.value, value) && !deepEqual(existing.value, baseline)) {
        conflict(
          path,
          baseline
            ? 'edited since the last pull or apply; your edit is kept (apply it, or pull --force to take the account’s)'
            : 'differs from the account and the state file has no baseline for it (from an older voxdesk); kept (pull --force to take the account’s)',
        );
        state.set(kind, name, record.id);
        continue;
      }
      if (existing && !canSync(existing, value)) {
        conflict(
          path,
          "the account's assistant no longer starts with a system prompt, which a Markdown file's body is; kept (write it as .yaml, or give it a system prompt)",
        );
        state.set(kind, name, record.id);
        continue;
      }
      // A file's own keys (`profiles:`, an eval's `target:`) are not the resource's: they stay.
      // A new assistant with a system prompt is written as Markdown; an existing file keeps its form.
      const fresh = existing ? undefined : newResourceFile(dir, kind, name, value);
      const target = fresh?.path ?? path;
      const text = existing
        ? syncedFileText(existing, { ...existing.own, ...value })
        : (fresh?.text as string);
      const before = existing ? await readFile(existing.path, 'utf8') : undefined;
      if (before === text) result.unchanged += 1;
      else {
        await writeAtomic(target, text);
        result.written.push(target);
      }
      state.set(kind, name, record.id);
      state.setBaseline(kind, name, value);
    }
    // Files that stood for a resource the account no longer has.
    for (const [name] of state.names(kind)) {
      if (pulled.has(name)) continue;
      const file = local.get(`${kind}:${name}`);
      if (file && !force && !deepEqual(file.value, state.baselineOf(kind, name))) {
        // Kept, with its state entry: `apply` creates it again; deleting the file forgets it.
        conflict(
          file.path,
          'deleted in the account, but edited here since the last pull or apply; kept (apply creates it again, or delete the file)',
        );
        continue;
      }
      state.remove(kind, name);
      if (file) {
        await removeFile(file.path);
        result.removed.push(file.path);
      }
    }
  }
  if (values && (await addCredentials(values, newCredentials))) {
    result.credentials = Object.keys(newCredentials);
    result.written.push(values.path);
  }
  await state.save();
  return result;
}

const article = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

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
