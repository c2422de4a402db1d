/**
 * The plan: what `apply` would do to make the account match the folder, per resource
 * (create, update with the fields that differ, rename, delete, unchanged), computed from
 * the files, the state file and the account. Nothing is sent while planning.
 */
import { createHash } from 'node:crypto';
import type { Vapi } from '@voxdesk/sdk';
import { accountOrg, checkAccount } from './account.ts';
import {
  deepEqual,
  diffValues,
  PLACEHOLDER,
  resolvePlaceholders,
  toFileValue,
  valueAt,
  type FieldChange,
  type SecretWriter,
} from './convert.ts';
import { fieldName, FolderProblems, lineOf, readFolder, type FileProblem, type LocalFile } from './files.ts';
import {
  filePathOf,
  KINDS,
  kindOf,
  nameLists,
  namesToIds,
  referencesOf,
  type KindKey,
  type NameOf,
} from './kinds.ts';
import { listRemote, titleOf, type RemoteRecord } from './remote.ts';
import { discriminatorOf, serverOwned, validateResource, type Path } from './schema.ts';
import type { State } from './state.ts';

export type Action = 'create' | 'update' | 'rename' | 'adopt' | 'delete' | 'unchanged' | 'orphan';

export interface PlanItem {
  kind: KindKey;
  /** File name (for a delete: the name the state file remembers). */
  name: string;
  /** `assistants/reception`: how the plan names it. */
  label: string;
  action: Action;
  id?: string;
  /** A rename: the file name the resource had. */
  from?: string;
  changes: FieldChange[];
  file?: LocalFile;
  /**
   * A create whose name an untracked resource of the account already has, with other
   * content: apply asks (or takes `--adopt`) before adopting it instead of creating a second.
   */
  sameName?: { id: string; changes: FieldChange[] };
}

export interface Plan {
  items: PlanItem[];
  /** State entries whose resource is gone from the account and whose file is gone too. */
  forgotten: Array<{ kind: KindKey; name: string }>;
  profile: string;
  /** The account planned against. */
  orgId: string | undefined;
  baseUrl: string;
  /** Hashes of the files and of the account as planned: a saved plan is applied only if both still match. */
  fingerprint: { files: string; account: string };
  /** The account's records, per kind (apply adopts from them before creating). */
  remote: Map<KindKey, Map<string, RemoteRecord>>;
}

/** Changes `apply` makes (orphans count only with --prune, where they are deletes). */
export function changeCount(plan: Plan): number {
  return plan.items.filter((item) => item.action !== 'unchanged' && item.action !== 'orphan').length;
}

/** Fields the account changed since the last pull or apply that the plan would undo. */
export function driftCount(plan: Plan): number {
  return plan.items.reduce((sum, item) => sum + item.changes.filter((change) => change.outside).length, 0);
}

/** Creates whose name an untracked resource has become adoptions of it, updated to the file. */
export function adoptSameNamed(plan: Plan): Plan {
  return {
    ...plan,
    items: plan.items.map((item): PlanItem => {
      const { sameName, ...rest } = item;
      return sameName ? { ...rest, action: 'adopt', id: sameName.id, changes: sameName.changes } : item;
    }),
  };
}

/** The org, base URL and profile a plan is for: plan headers and confirmation prompts show it. */
export function accountLine(plan: Pick<Plan, 'profile' | 'orgId' | 'baseUrl'>): string {
  return `profile "${plan.profile}", org ${plan.orgId ?? '(unknown)'} at ${plan.baseUrl}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function fingerprintOf(files: LocalFile[], remote: Plan['remote']): Plan['fingerprint'] {
  const fileText = files
    .map((file) => `${file.kind}/${file.name}\n${file.text}`)
    .sort()
    .join('\0');
  const records = [...remote.entries()].map(([kind, byId]) => [
    kind,
    [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)),
  ]);
  return { files: sha256(fileText), account: sha256(JSON.stringify(records)) };
}

/** For messages: a file name of each kind a list may name. */
const EXAMPLE_NAMES: Record<KindKey, string> = {
  tools: 'book-appointment',
  structuredOutputs: 'call-outcome',
  assistants: 'receptionist',
  squads: 'front-desk',
  phoneNumbers: 'main-line',
};

/** A placeholder id for checking a file whose references are not created yet. */
const PENDING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Reads and checks every file: YAML, file names, references, `${ENV}` variables and the
 * OpenAPI create schema. Every problem of every file is reported at once, with its line.
 */
export async function loadFolder(dir: string, env: Record<string, string | undefined>): Promise<LocalFile[]> {
  const { files, problems, names } = await readFolder(
    dir,
    KINDS.map((kind) => kind.key),
  );
  for (const file of files) problems.push(...checkFile(file, names, env));
  if (problems.length) throw new FolderProblems(problems);
  return files;
}

function checkFile(
  file: LocalFile,
  names: Set<string>,
  env: Record<string, string | undefined>,
): FileProblem[] {
  const problems: FileProblem[] = [];
  const at = (path: Path, message: string) =>
    problems.push({ path: file.path, line: lineOf(file, path), field: fieldName(path), message });
  // A list of names that is not one is reported once, here, not again by the schema.
  const badLists = new Set<string>();
  for (const list of nameLists(file.kind)) {
    if (!(list.fileKey in file.value)) continue;
    const names = file.value[list.fileKey];
    if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
      badLists.add(list.fileKey);
      at(
        [list.fileKey],
        `must be a list of ${kindOf(list.target).label} file names, e.g. [${EXAMPLE_NAMES[list.target]}]`,
      );
    }
  }
  for (const reference of referencesOf(file.kind, file.value)) {
    if (!names.has(`${reference.target}:${reference.name}`)) {
      const folder = kindOf(reference.target).dir;
      at(reference.path, `no ${kindOf(reference.target).label} file ${folder}/${reference.name}.yaml`);
    }
  }
  const resolved = resolvePlaceholders(
    namesToIds(file.kind, file.value, () => PENDING_ID),
    env,
  );
  for (const missing of resolved.missing)
    at(fileFieldPath(file, missing.path), `environment variable ${missing.name} is not set`);
  const owned = serverOwned(file.kind, file.value);
  for (const problem of validateResource(file.kind, resolved.value as Record<string, unknown>)) {
    const path = fileFieldPath(file, problem.path);
    if (badLists.has(String(path[0]))) continue;
    const key = path.length === 1 ? String(path[0]) : undefined;
    if (key && owned.has(key) && key in file.value) at(path, 'is set by the server; remove it from the file');
    else at(path, problem.message);
  }
  return problems;
}

/** An API-shape path as the file writes it (`model.toolIds[2]` is `tools[…]` there). */
function fileFieldPath(file: LocalFile, path: Path): Path {
  return filePathOf(file.kind, file.value, path);
}

/**
 * For a diff, the server's secret as the file would write it: the file's own placeholder
 * when the variable holds the same value, else a marker (the value itself is never shown).
 */
export function secretForDiff(
  file: LocalFile | undefined,
  env: Record<string, string | undefined>,
): SecretWriter {
  return (path, remote) => {
    const local = file ? valueAt(file.value, path) : undefined;
    if (typeof local !== 'string') return '(a secret)';
    const name = PLACEHOLDER.exec(local)?.[1];
    return (name ? env[name] : local) === remote ? local : '(a different secret)';
  };
}

export async function buildPlan(options: {
  vapi: Vapi;
  files: LocalFile[];
  state: State;
  env: Record<string, string | undefined>;
  prune: boolean;
  baseUrl: string;
}): Promise<Plan> {
  const { vapi, files, state, env, prune, baseUrl } = options;
  const remotes = new Map<KindKey, Map<string, RemoteRecord>>();
  for (const kind of KINDS) remotes.set(kind.key, await listRemote(vapi, kind.key));
  const all = [...remotes.values()].flatMap((byId) => [...byId.values()]);
  const orgId = await accountOrg(vapi, all);
  checkAccount(state, { orgId, baseUrl, ids: new Set(all.map((record) => record.id)) });
  const tracked = new Set(state.allIds());
  const items: PlanItem[] = [];
  const forgotten: Plan['forgotten'] = [];
  // Renames found so far (earlier kinds first), so references to a renamed file match.
  const renamed = new Map<string, string>();
  const nameOf: NameOf = (kind, id) => renamed.get(`${kind}:${id}`) ?? state.nameOf(kind, id);
  const problems: FileProblem[] = [];
  const adopted = new Set<string>();

  for (const kind of KINDS) {
    const remote = remotes.get(kind.key) as Map<string, RemoteRecord>;
    const local = files.filter((file) => file.kind === kind.key);
    const present = new Set(local.map((file) => file.name));
    const label = (name: string) => `${kind.dir}/${name}`;
    const pending: LocalFile[] = [];
    const kindItems: PlanItem[] = [];
    for (const file of local) {
      const id = state.idOf(kind.key, file.name);
      const record = id ? remote.get(id) : undefined;
      if (!id || !record) {
        pending.push(file);
        continue;
      }
      const changes = withDrift(
        kind.key,
        changesOf(kind.key, record, file, nameOf, env),
        record,
        state.baselineOf(kind.key, file.name),
        nameOf,
      );
      const discriminator = discriminatorOf(kind.key);
      if (
        discriminator &&
        changes.some((change) => change.path.length === 1 && change.path[0] === discriminator)
      ) {
        problems.push({
          path: file.path,
          line: lineOf(file, [discriminator]),
          field: discriminator,
          message: `cannot change on an existing ${kind.label}; give the file a new name to create a new one (apply --prune deletes the old)`,
        });
      }
      kindItems.push({
        kind: kind.key,
        name: file.name,
        label: label(file.name),
        action: changes.length ? 'update' : 'unchanged',
        id,
        changes,
        file,
      });
    }
    // Files of this kind in the state but not in the folder: renamed, orphaned or gone.
    const orphans: Array<{ name: string; record: RemoteRecord }> = [];
    for (const [name, id] of state.names(kind.key)) {
      if (present.has(name)) continue;
      const record = remote.get(id);
      if (record) orphans.push({ name, record });
      else forgotten.push({ kind: kind.key, name });
    }
    for (const file of pending) {
      // A new file with exactly an orphan's content is that resource under a new name.
      const match = orphans.findIndex(
        (orphan) => changesOf(kind.key, orphan.record, file, nameOf, env).length === 0,
      );
      if (match !== -1) {
        const [orphan] = orphans.splice(match, 1);
        if (!orphan) continue;
        renamed.set(`${kind.key}:${orphan.record.id}`, file.name);
        kindItems.push({
          kind: kind.key,
          name: file.name,
          label: label(file.name),
          action: 'rename',
          id: orphan.record.id,
          from: orphan.name,
          changes: [],
          file,
        });
      } else {
        // Created before but never recorded (a timed-out create, a killed run): adopt it.
        const title = titleOf(kind.key, file.value);
        const untracked = [...remote.values()].filter(
          (record) =>
            !tracked.has(record.id) && !adopted.has(record.id) && titleOf(kind.key, record) === title,
        );
        const same = untracked.find((record) => changesOf(kind.key, record, file, nameOf, env).length === 0);
        if (same) {
          adopted.add(same.id);
          renamed.set(`${kind.key}:${same.id}`, file.name);
          kindItems.push({
            kind: kind.key,
            name: file.name,
            label: label(file.name),
            action: 'adopt',
            id: same.id,
            changes: [],
            file,
          });
          continue;
        }
        const other = untracked[0];
        kindItems.push({
          kind: kind.key,
          name: file.name,
          label: label(file.name),
          action: 'create',
          changes: [],
          file,
          ...(other
            ? { sameName: { id: other.id, changes: changesOf(kind.key, other, file, nameOf, env) } }
            : {}),
        });
      }
    }
    for (const orphan of orphans) {
      kindItems.push({
        kind: kind.key,
        name: orphan.name,
        label: label(orphan.name),
        action: prune ? 'delete' : 'orphan',
        id: orphan.record.id,
        changes: [],
      });
    }
    items.push(...kindItems.sort((a, b) => a.name.localeCompare(b.name)));
  }
  if (problems.length) throw new FolderProblems(problems);
  return {
    items,
    forgotten,
    profile: state.profile,
    orgId,
    baseUrl,
    fingerprint: fingerprintOf(files, remotes),
    remote: remotes,
  };
}

/**
 * Whether an account's record already holds what the file would create (adopt-by-name),
 * leaving out the keys a later link step sends.
 */
export function sameContent(
  kind: KindKey,
  record: RemoteRecord,
  file: LocalFile,
  state: State,
  env: Record<string, string | undefined>,
  hold: string[] = [],
): boolean {
  const value = Object.fromEntries(Object.entries(file.value).filter(([key]) => !hold.includes(key)));
  const remote = remoteFileValue(kind, record, file, (target, id) => state.nameOf(target, id), env);
  return diffValues(kind, remote, value).length === 0;
}

/** The account's record as its file would hold it. */
function remoteFileValue(
  kind: KindKey,
  record: RemoteRecord,
  file: LocalFile,
  nameOf: NameOf,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  return toFileValue(kind, record, nameOf, secretForDiff(file, env));
}

const isPrefix = (short: Path, long: Path) =>
  short.length <= long.length && short.every((key, index) => key === long[index]);

/**
 * Three-way: a change whose field the account changed since the baseline (the content last
 * pulled or applied) would undo someone's edit made outside voxdesk: it is marked.
 * No baseline (a state from an older voxdesk): nothing can be told apart, nothing marked.
 */
function withDrift(
  kind: KindKey,
  changes: FieldChange[],
  record: RemoteRecord,
  baseline: Record<string, unknown> | undefined,
  nameOf: NameOf,
): FieldChange[] {
  if (!baseline) return changes;
  // Secrets are placeholders in the baseline, never values: whether the account's secret
  // changed cannot be told, so a secret is never counted as drift.
  const remote = toFileValue(kind, record, nameOf, (path) => {
    const placeholder = valueAt(baseline, path);
    return typeof placeholder === 'string' ? placeholder : '(a secret)';
  });
  if (deepEqual(baseline, remote)) return changes;
  const drifted = diffValues(kind, remote, baseline).map((change) => change.path);
  return changes.map((change) =>
    drifted.some((path) => isPrefix(path, change.path) || isPrefix(change.path, path))
      ? { ...change, outside: true }
      : change,
  );
}

function changesOf(
  kind: KindKey,
  record: RemoteRecord,
  file: LocalFile,
  nameOf: NameOf,
  env: Record<string, string | undefined>,
): FieldChange[] {
  return diffValues(kind, remoteFileValue(kind, record, file, nameOf, env), file.value);
}
