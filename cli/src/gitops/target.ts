/**
 * `--only` for diff and apply, like Terraform's `-target`: the plan limited to some files
 * (`assistants/receptionist`, a path such as `vapi/assistants/receptionist.yaml`, or a
 * whole kind such as `tools`). The plan is made for the whole folder first (references
 * need every file), then cut down; a selected change that needs an unselected create
 * first is refused rather than half-applied.
 */
import { UsageError } from '../errors.ts';
import { KINDS, referencesOf, type KindKey } from './kinds.ts';
import type { Plan } from './plan.ts';

export interface Target {
  kind: KindKey;
  /** Absent: every file of the kind. */
  name?: string;
}

const KIND_WORDS = KINDS.map((kind) => kind.dir as string);

/** `assistants/receptionist`, `vapi/assistants/receptionist.yaml`, `tools`, comma-separated. */
export function parseTargets(only: string): Target[] {
  const words = only
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  if (words.length === 0)
    throw new UsageError('--only needs a file or a kind, e.g. --only assistants/receptionist');
  return words.map((word) => {
    const parts = word
      .replace(/\\/g, '/')
      .replace(/\.(ya?ml|md)$/, '')
      .split('/')
      .filter(Boolean);
    const last = parts.at(-1) as string;
    const folder = KINDS.find((entry) => entry.dir === parts.at(-2));
    if (folder) return { kind: folder.key, name: last };
    const whole = KINDS.find((entry) => entry.dir === last || entry.key === last);
    if (whole) return { kind: whole.key };
    throw new UsageError(
      `--only: "${word}" is not <kind>/<file name> or a kind; the kinds are ${KIND_WORDS.join(', ')}`,
    );
  });
}

const labelOf = (kind: KindKey, name: string) => `${KINDS.find((entry) => entry.key === kind)?.dir}/${name}`;

/** The plan limited to the targets; a target that names nothing is a usage error. */
export function selectPlan(plan: Plan, targets: Target[]): Plan {
  const picked = (kind: KindKey, name: string, from?: string) =>
    targets.some(
      (target) =>
        target.kind === kind && (target.name === undefined || target.name === name || target.name === from),
    );
  for (const target of targets) {
    if (target.name === undefined) continue;
    const known = plan.items.some(
      (item) => item.kind === target.kind && (item.name === target.name || item.from === target.name),
    );
    if (!known)
      throw new UsageError(
        `--only: no file ${labelOf(target.kind, target.name)} in the folder, and none in the state file for this profile`,
      );
  }
  const items = plan.items.filter((item) => picked(item.kind, item.name, item.from));
  // A selected file naming one that is only created by this plan, but not selected, cannot be sent.
  const creates = new Set(
    plan.items
      .filter((item) => item.action === 'create' && !items.includes(item))
      .map((item) => `${item.kind}:${item.name}`),
  );
  for (const item of items) {
    if (!item.file || item.action === 'unchanged' || item.action === 'delete' || item.action === 'orphan')
      continue;
    for (const reference of referencesOf(item.kind, item.file.value))
      if (creates.has(`${reference.target}:${reference.name}`))
        throw new UsageError(
          `--only: ${item.label} names ${labelOf(reference.target, reference.name)}, which is not created yet; add it to --only`,
        );
  }
  return {
    ...plan,
    items,
    forgotten: plan.forgotten.filter((gone) => picked(gone.kind, gone.name)),
  };
}
