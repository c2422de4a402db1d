/**
 * Rollback snapshots: each apply records, per resource it changed, what the account held
 * before (as its file would hold it: names for ids, placeholders for secrets) or that it
 * created the resource. `voxdesk rollback` plans the account back to that through the same
 * plan, confirmation and apply as `apply`. Kept per profile in `.voxdesk-rollback/`, next
 * to the state file (add the folder to .gitignore or commit it; it holds no secrets).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { PLACEHOLDER, toFileValue, envName, valueAt, type SecretWriter } from './convert.ts';
import { filePath, newFileText, writeAtomic, type LocalFile } from './files.ts';
import { kindOf, type KindKey, type NameOf } from './kinds.ts';
import type { Plan } from './plan.ts';

export const SNAPSHOT_DIR = '.voxdesk-rollback';

export interface SnapshotEntry {
  kind: KindKey;
  name: string;
  id: string;
  /** `created`: rollback deletes it; `changed`/`deleted`: rollback restores `before`. */
  change: 'created' | 'changed' | 'deleted';
  before?: Record<string, unknown>;
}

export interface Snapshot {
  version: 1;
  profile: string;
  orgId: string | null;
  /** ISO time of the apply. */
  at: string;
  entries: SnapshotEntry[];
}

export const snapshotPath = (dir: string, profile: string) => join(dir, SNAPSHOT_DIR, `${profile}.json`);

/** Records what an apply changes, first change of each resource only (its state before the run). */
export function snapshotRecorder(plan: Plan, nameOf: NameOf, credentials: Record<string, string>) {
  const entries: SnapshotEntry[] = [];
  const seen = new Set<string>();
  const beforeOf = (kind: KindKey, id: string, file: LocalFile | undefined) => {
    const record = plan.remote.get(kind)?.get(id);
    return record ? toFileValue(kind, record, nameOf, secretFrom(file), credentials) : undefined;
  };
  return {
    entries,
    record(
      step: { kind: KindKey; name: string; action: string; id?: string; file?: LocalFile },
      id: string,
      created: boolean,
    ) {
      const key = `${step.kind}:${step.name}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (created) {
        entries.push({ kind: step.kind, name: step.name, id, change: 'created' });
        return;
      }
      const before = beforeOf(step.kind, id, step.file);
      if (before)
        entries.push({
          kind: step.kind,
          name: step.name,
          id,
          change: step.action === 'delete' ? 'deleted' : 'changed',
          before,
        });
    },
  };
}

/** A secret is kept as the file's placeholder (or one named after the file), never as its value. */
function secretFrom(file: LocalFile | undefined): SecretWriter {
  return (path) => {
    const own = file ? valueAt(file.value, path) : undefined;
    return typeof own === 'string' && PLACEHOLDER.test(own)
      ? own
      : `\${${envName(file?.name ?? 'resource', path)}}`;
  };
}

export async function saveSnapshot(dir: string, snapshot: Snapshot): Promise<void> {
  await writeAtomic(snapshotPath(dir, snapshot.profile), `${JSON.stringify(snapshot, null, 2)}\n`);
}

export async function readSnapshot(dir: string, profile: string): Promise<Snapshot | undefined> {
  const path = snapshotPath(dir, profile);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const snapshot = JSON.parse(text) as Snapshot;
  if (snapshot?.version !== 1 || !Array.isArray(snapshot.entries))
    throw new Error(`${path} is not a voxdesk rollback snapshot; delete it`);
  return snapshot;
}

/** A file holding `value`, as if written in the folder (rollback plans with it). */
function virtualFile(dir: string, kind: KindKey, name: string, value: Record<string, unknown>): LocalFile {
  const text = newFileText(value);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  return {
    kind,
    name,
    path: `${filePath(dir, kind, name)} (before the last apply)`,
    text,
    doc,
    lines,
    value,
    own: {},
  };
}

/**
 * The folder as the last apply found the account: created resources gone (rollback deletes
 * them), changed and deleted ones as they were. Other files are unchanged.
 */
export function filesBefore(dir: string, files: LocalFile[], snapshot: Snapshot): LocalFile[] {
  const byKey = new Map(snapshot.entries.map((entry) => [`${entry.kind}:${entry.name}`, entry]));
  const out = files.filter((file) => !byKey.has(`${file.kind}:${file.name}`));
  for (const entry of snapshot.entries)
    if (entry.change !== 'created' && entry.before)
      out.push(virtualFile(dir, entry.kind, entry.name, entry.before));
  return out;
}

/** Only the snapshot's resources: the rollback touches nothing else. */
export function rollbackOnly(plan: Plan, snapshot: Snapshot): Plan {
  const keys = new Set(snapshot.entries.map((entry) => `${entry.kind}:${entry.name}`));
  return {
    ...plan,
    items: plan.items.filter((item) => keys.has(`${item.kind}:${item.name}`)),
    forgotten: plan.forgotten.filter((gone) => keys.has(`${gone.kind}:${gone.name}`)),
  };
}

export const describeEntry = (entry: SnapshotEntry) =>
  `${kindOf(entry.kind).dir}/${entry.name} (${entry.change === 'created' ? 'created: deleted again' : entry.change === 'deleted' ? 'deleted: made again' : 'changed: restored'})`;
