/**
 * Carries out a plan: creates, updates and renames in dependency order (tools, structured
 * outputs, assistants, squads, phone numbers), then the back references held until their
 * targets existed (a structured output's `assistants`), then deletes in reverse. The state
 * file is saved after every step, so a run that stops part-way resumes where it stopped,
 * without duplicates.
 */
import { VapiError, type Vapi } from '@voxdesk/sdk';
import { resolvePlaceholders } from './convert.ts';
import { fieldName } from './files.ts';
import { apiKeyOf, KINDS, lateKeys, namesToIds, referencesOf, type KindKey } from './kinds.ts';
import { crud } from './remote.ts';
import type { Plan, PlanItem } from './plan.ts';
import type { State } from './state.ts';

/**
 * One request's worth of a plan item. A `link` step sends the back references a create or
 * update held back (`hold`) because their targets had no id yet.
 */
export interface Step extends Omit<PlanItem, 'action'> {
  action: PlanItem['action'] | 'link';
  /** Top-level file keys left out of this step (sent by a later `link` step). */
  hold?: string[];
}

export interface ApplyProgress {
  done(item: Step, detail: string): void;
}

/** The apply stopped at `failed`; `done` were carried out, `notDone` were not. */
export class ApplyStopped extends Error {
  readonly done: Step[];
  readonly failed: Step;
  readonly notDone: Step[];
  override readonly cause: unknown;

  constructor(done: Step[], failed: Step, notDone: Step[], cause: unknown) {
    super(`apply stopped at ${failed.label}`);
    this.name = 'ApplyStopped';
    this.done = done;
    this.failed = failed;
    this.notDone = notDone;
    this.cause = cause;
  }
}

/**
 * Steps in the order they run: creates, updates and renames by kind; then the `link` steps
 * for back references whose targets had no id when planning; then deletes, in reverse.
 */
export function steps(plan: Plan, state: State): Step[] {
  const order = (kind: KindKey) => KINDS.findIndex((entry) => entry.key === kind);
  const forward: Step[] = [];
  const links: Step[] = [];
  for (const item of plan.items) {
    if (!['create', 'update', 'rename'].includes(item.action)) continue;
    const hold = item.action === 'rename' ? [] : heldKeys(item, state);
    if (hold.length === 0) {
      forward.push(item);
      continue;
    }
    const held = (path: unknown[]) => hold.includes(String(path[0]));
    const value = item.file?.value ?? {};
    const later =
      item.action === 'create'
        ? hold.filter((key) => key in value).map((key) => ({ path: [key], after: value[key] }))
        : item.changes.filter((change) => held(change.path));
    const now = item.changes.filter((change) => !held(change.path));
    if (item.action === 'create' || now.length) forward.push({ ...item, changes: now, hold });
    if (later.length) links.push({ ...item, action: 'link', changes: later });
  }
  const deletes = plan.items
    .filter((item) => item.action === 'delete')
    .sort((a, b) => order(b.kind) - order(a.kind));
  return [...forward, ...links, ...deletes];
}

/** Back-reference keys of a file naming a resource with no id yet (created later in the run). */
function heldKeys(item: PlanItem, state: State): string[] {
  const value = item.file?.value ?? {};
  return lateKeys(item.kind).filter(
    (key) =>
      key in value &&
      referencesOf(item.kind, { [key]: value[key] }).some(
        (reference) => !state.idOf(reference.target, reference.name),
      ),
  );
}

export async function applyPlan(options: {
  vapi: Vapi;
  plan: Plan;
  state: State;
  env: Record<string, string | undefined>;
  progress: ApplyProgress;
}): Promise<Step[]> {
  const { vapi, plan, state, env, progress } = options;
  for (const gone of plan.forgotten) state.remove(gone.kind, gone.name);
  if (plan.forgotten.length) await state.save();
  const todo = steps(plan, state);
  const done: Step[] = [];
  for (const [index, item] of todo.entries()) {
    let detail: string;
    try {
      detail = await applyStep(vapi, item, state, env);
    } catch (error) {
      throw new ApplyStopped(done, item, todo.slice(index + 1), error);
    }
    try {
      await state.save();
    } catch (error) {
      // The account changed but the record of it did not: say exactly what to restore.
      throw new Error(
        `${item.label}: ${detail}, but ${state.path} could not be saved (${(error as Error).message}); ` +
          'fix that file by hand before the next apply, or it will repeat this change',
        { cause: error },
      );
    }
    done.push(item);
    progress.done(item, detail);
  }
  return done;
}

/** The file's value as the API takes it, with the ids the state knows now. */
function apiValue(
  item: Step,
  state: State,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const file = item.file;
  if (!file) throw new Error(`${item.label}: no file`);
  const sent = Object.fromEntries(Object.entries(file.value).filter(([key]) => !item.hold?.includes(key)));
  const withIds = namesToIds(item.kind, sent, (kind, name) => {
    const id = state.idOf(kind, name);
    if (!id) throw new Error(`${file.path}: ${kind} ${name} has no id yet`);
    return id;
  });
  return resolvePlaceholders(withIds, env).value as Record<string, unknown>;
}

async function applyStep(
  vapi: Vapi,
  item: Step,
  state: State,
  env: Record<string, string | undefined>,
): Promise<string> {
  const api = crud(vapi, item.kind);
  switch (item.action) {
    case 'create': {
      const created = (await api.create(apiValue(item, state, env))) as { id?: unknown };
      if (typeof created?.id !== 'string') throw new Error(`${item.label}: the API answered without an id`);
      state.set(item.kind, item.name, created.id);
      return `created ${created.id}`;
    }
    case 'update':
    case 'link': {
      // PATCH replaces the top-level fields it names: send each changed one whole; a field
      // the file no longer has is sent as null, which unsets it.
      const value = apiValue(item, state, env);
      const keys = [...new Set(item.changes.map((change) => apiKeyOf(item.kind, String(change.path[0]))))];
      const body = Object.fromEntries(keys.map((key) => [key, value[key] ?? null]));
      // A create's link step: the id the create just recorded.
      const id = item.id ?? state.idOf(item.kind, item.name);
      if (!id) throw new Error(`${item.label}: no id to link`);
      await api.update(id, body);
      return `${item.action === 'link' ? 'linked' : 'updated'} ${keys.join(', ')}`;
    }
    case 'rename':
      state.remove(item.kind, item.from as string);
      state.set(item.kind, item.name, item.id as string);
      return `now ${item.label} (was ${item.from})`;
    case 'delete':
      // Already gone (deleted elsewhere, or by a run that stopped before saving): done.
      await api.delete(item.id as string).catch((error: unknown) => {
        if (!(error instanceof VapiError && error.status === 404)) throw error;
      });
      state.remove(item.kind, item.name);
      return `deleted ${item.id}`;
    default:
      return '';
  }
}

/** For the failure report: `model.messages[0].content` of each change. */
export function changedFields(item: Step): string {
  return item.changes.map((change) => fieldName(change.path)).join(', ');
}
