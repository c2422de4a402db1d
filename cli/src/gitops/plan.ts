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
  isSecret,
  keepPlaceholders,
  PLACEHOLDER,
  resolvePlaceholders,
  toFileValue,
  valueAt,
  type FieldChange,
  type SecretWriter,
} from './convert.ts';
import { CREDENTIAL_ID, credentialRefs, credentialsToIds } from './credentials.ts';
import {
  fieldName,
  FolderProblems,
  inScope,
  lineOf,
  NAME_PATTERN,
  readFolder,
  type FileProblem,
  type LocalFile,
} from './files.ts';
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
import { staleAssistantNames } from './renamed-assistants.ts';
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

function fingerprintOf(files: LocalFile[], remote: Plan['remote'], valuesText: string): Plan['fingerprint'] {
  const fileText = files
    .map((file) => `${file.kind}/${file.name}\n${file.text}`)
    .sort()
    .concat(valuesText ? [`profile\n${valuesText}`] : [])
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
  evals: 'greets-callers',
  testSuites: 'booking-calls',
};

/** A placeholder id for checking a file whose references are not created yet. */
const PENDING_ID = '00000000-0000-4000-8000-000000000000';

/** What a profile brings to a folder: whose it is, and its credential names (profiles/<profile>.yaml). */
export interface FolderProfile {
  name: string;
  /** Credential name → this account's id. */
  credentials: Record<string, string>;
  /** `vapi/profiles/staging.yaml`, for messages. */
  valuesPath: string;
}

/**
 * Reads and checks every file: YAML, file names, references, `${ENV}` variables, credential
 * names and the OpenAPI create schema. Every problem of every file is reported at once,
 * with its line. Files scoped to other profiles are read (references to them are told
 * apart) but not checked: their variables and credentials are another account's.
 */
export async function loadFolder(
  dir: string,
  env: Record<string, string | undefined>,
  profile?: FolderProfile,
): Promise<LocalFile[]> {
  const { files, problems, names } = await readFolder(
    dir,
    KINDS.map((kind) => kind.key),
  );
  const elsewhere = new Map(
    files
      .filter((file) => profile && !inScope(file, profile.name))
      .map((file) => [`${file.kind}:${file.name}`, file]),
  );
  for (const file of files) {
    if (elsewhere.has(`${file.kind}:${file.name}`)) continue;
    problems.push(...checkFile(file, names, env, profile, elsewhere));
  }
  if (problems.length) throw new FolderProblems(problems);
  return files;
}

function checkFile(
  file: LocalFile,
  names: Set<string>,
  env: Record<string, string | undefined>,
  profile: FolderProfile | undefined,
  elsewhere: Map<string, LocalFile>,
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
    const key = `${reference.target}:${reference.name}`;
    const folder = kindOf(reference.target).dir;
    const other = elsewhere.get(key);
    if (!names.has(key))
      at(reference.path, `no ${kindOf(reference.target).label} file ${folder}/${reference.name}.yaml`);
    else if (other && profile)
      at(
        reference.path,
        `${folder}/${reference.name}.yaml is limited to profiles ${(other.profiles ?? []).join(', ')}; profile "${profile.name}" does not manage it`,
      );
  }
  const credentials = profile?.credentials ?? {};
  for (const reference of credentialRefs(file.value)) {
    if (PLACEHOLDER.test(reference.text)) continue;
    const where = profile ? profile.valuesPath : 'profiles/<profile>.yaml';
    if (CREDENTIAL_ID.test(reference.text) || !NAME_PATTERN.test(reference.text))
      at(
        reference.path,
        `"${reference.text}" is a credential id, which belongs to one account; write the credential's name (e.g. twilio-main) and map it to each account's id under credentials: in ${where}`,
      );
    else if (!(reference.text in credentials))
      at(
        reference.path,
        `credential "${reference.text}" has no id for profile "${profile?.name ?? 'default'}": add \`${reference.text}: <credential id>\` under credentials: in ${where}`,
      );
  }
  const resolved = resolvePlaceholders(
    credentialsToIds(
      namesToIds(file.kind, file.value, () => PENDING_ID),
      credentials,
      (name) => (PLACEHOLDER.test(name) ? name : PENDING_ID),
    ),
    env,
  );
  for (const missing of resolved.missing) {
    // A secret belongs in the environment (CI secrets), never in a committed values file.
    const secret = isSecret(missing.path.slice(0, -1), missing.path.at(-1) ?? '');
    const hint = profile && !secret ? ` (set it, or add it under values: in ${profile.valuesPath})` : '';
    at(fileFieldPath(file, missing.path), `environment variable ${missing.name} is not set${hint}`);
  }
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
  /** The profile's credential names → ids (`profiles/<profile>.yaml`). */
  credentials?: Record<string, string>;
  /** The profile file's text: a saved plan is stale when it changes too. */
  valuesText?: string;
}): Promise<Plan> {
  const { vapi, state, env, prune, baseUrl, credentials = {} } = options;
  // A file scoped to other profiles is left alone: not planned, and not an orphan.
  const files = options.files.filter((file) => inScope(file, state.profile));
  const elsewhere = new Set(
    options.files.filter((file) => !inScope(file, state.profile)).map((file) => `${file.kind}:${file.name}`),
  );
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
  // A state id the account no longer has (deleted in the dashboard) is not that file any
  // more: a squad still naming it must be updated to the file's new resource, not shown as
  // unchanged. Drift compares with the baseline as recorded, so it keeps the state's names.
  const recorded: NameOf = (kind, id) => renamed.get(`${kind}:${id}`) ?? state.nameOf(kind, id);
  const nameOf: NameOf = (kind, id) => (remotes.get(kind)?.has(id) ? recorded(kind, id) : undefined);
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
        changesOf(kind.key, record, file, nameOf, env, credentials),
        record,
        state.baselineOf(kind.key, file.name),
        recorded,
        env,
        credentials,
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
      if (present.has(name) || elsewhere.has(`${kind.key}:${name}`)) continue;
      const record = remote.get(id);
      if (record) orphans.push({ name, record });
      else forgotten.push({ kind: kind.key, name });
    }
    for (const file of pending) {
      // A new file with exactly an orphan's content is that resource under a new name.
      const match = orphans.findIndex(
        (orphan) => changesOf(kind.key, orphan.record, file, nameOf, env, credentials).length === 0,
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
        const same = untracked.find(
          (record) => changesOf(kind.key, record, file, nameOf, env, credentials).length === 0,
        );
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
            ? {
                sameName: {
                  id: other.id,
                  changes: changesOf(kind.key, other, file, nameOf, env, credentials),
                },
              }
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
  problems.push(...staleAssistantNames(items, files));
  if (problems.length) throw new FolderProblems(problems);
  return {
    items,
    forgotten,
    profile: state.profile,
    orgId,
    baseUrl,
    fingerprint: fingerprintOf(options.files, remotes, options.valuesText ?? ''),
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
  credentials: Record<string, string> = {},
): boolean {
  const value = Object.fromEntries(Object.entries(file.value).filter(([key]) => !hold.includes(key)));
  const remote = remoteFileValue(
    kind,
    record,
    file,
    (target, id) => state.nameOf(target, id),
    env,
    credentials,
  );
  return diffValues(kind, remote, value).length === 0;
}

/**
 * The account's record as its file would hold it: credential ids as the profile's names,
 * and the file's placeholders wherever the account holds their values.
 */
function remoteFileValue(
  kind: KindKey,
  record: RemoteRecord,
  file: LocalFile,
  nameOf: NameOf,
  env: Record<string, string | undefined>,
  credentials: Record<string, string>,
): Record<string, unknown> {
  const value = toFileValue(kind, record, nameOf, secretForDiff(file, env), credentials);
  return keepPlaceholders(value, file.value, env) as Record<string, unknown>;
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
  env: Record<string, string | undefined>,
  credentials: Record<string, string>,
): FieldChange[] {
  if (!baseline) return changes;
  // Secrets are placeholders in the baseline, never values: whether the account's secret
  // changed cannot be told, so a secret is never counted as drift.
  const secret = (path: Path) => {
    const placeholder = valueAt(baseline, path);
    return typeof placeholder === 'string' ? placeholder : '(a secret)';
  };
  const remote = keepPlaceholders(
    toFileValue(kind, record, nameOf, secret, credentials),
    baseline,
    env,
  ) as Record<string, unknown>;
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
  credentials: Record<string, string>,
): FieldChange[] {
  return diffValues(kind, remoteFileValue(kind, record, file, nameOf, env, credentials), file.value);
}
