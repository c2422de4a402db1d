/**
 * Carries out a plan: creates, updates and renames in dependency order (tools, structured
 * outputs, assistants, squads, phone numbers), then the back references held until their
 * targets existed (a structured output's `assistants`), then deletes in reverse. The state
 * file is saved after every step, so a run that stops part-way resumes where it stopped,
 * without duplicates.
 */
import { adoptByName, VapiError, type Vapi } from '@voxdesk/sdk';
import { resolvePlaceholders } from './convert.ts';
import { credentialsToIds } from './credentials.ts';
import { fieldName } from './files.ts';
import { apiKeyOf, KINDS, lateKeys, namesToIds, referencesOf, type KindKey } from './kinds.ts';
import { crud, listRemote, titleOf, type RemoteRecord } from './remote.ts';
import { sameContent, type Plan, type PlanItem } from './plan.ts';
import type { State } from './state.ts';

/** Writes in flight at once: fast on a slow link, gentle on Vapi's rate limit. */
export const DEFAULT_CONCURRENCY = 8;

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
  // Created in this run: a state id they still have is stale (gone from the account).
  const creates = new Set(
    plan.items.filter((item) => item.action === 'create').map((item) => `${item.kind}:${item.name}`),
  );
  for (const item of plan.items) {
    if (!['create', 'update', 'rename', 'adopt'].includes(item.action)) continue;
    const hold = item.action === 'rename' ? [] : heldKeys(item, state, creates);
    if (hold.length === 0) {
      forward.push(item);
      continue;
    }
    const held = (path: unknown[]) => hold.includes(String(path[0]));
    const value = item.file?.value ?? {};
    const later =
      item.action === 'create' || (item.action === 'adopt' && item.changes.length === 0)
        ? hold.filter((key) => key in value).map((key) => ({ path: [key], after: value[key] }))
        : item.changes.filter((change) => held(change.path));
    const now = item.changes.filter((change) => !held(change.path));
    if (item.action === 'create' || item.action === 'adopt' || now.length)
      forward.push({ ...item, changes: now, hold });
    if (later.length) links.push({ ...item, action: 'link', changes: later });
  }
  const deletes = plan.items
    .filter((item) => item.action === 'delete')
    .sort((a, b) => order(b.kind) - order(a.kind));
  return [...forward, ...links, ...deletes];
}

/** Back-reference keys of a file naming a resource with no id yet (created later in the run). */
function heldKeys(item: PlanItem, state: State, creates: Set<string>): string[] {
  const value = item.file?.value ?? {};
  return lateKeys(item.kind).filter(
    (key) =>
      key in value &&
      referencesOf(item.kind, { [key]: value[key] }).some(
        (reference) =>
          !state.idOf(reference.target, reference.name) ||
          creates.has(`${reference.target}:${reference.name}`),
      ),
  );
}

export async function applyPlan(options: {
  vapi: Vapi;
  plan: Plan;
  state: State;
  env: Record<string, string | undefined>;
  progress: ApplyProgress;
  /** Writes in flight at once (default 8). */
  concurrency?: number;
  /** The profile's credential names → ids (checked when the folder was loaded). */
  credentials?: Record<string, string>;
  /** Hears of each change made to the account (rollback snapshots); renames change nothing there. */
  record?: (step: Step, id: string, created: boolean) => void;
}): Promise<Step[]> {
  const { vapi, plan, state, env, progress, concurrency = DEFAULT_CONCURRENCY, credentials = {} } = options;
  for (const gone of plan.forgotten) state.remove(gone.kind, gone.name);
  // What the account already holds is the baseline of files that need no change.
  for (const item of plan.items)
    if (item.action === 'unchanged' && item.file) state.setBaseline(item.kind, item.name, item.file.value);
  await state.save();
  const todo = steps(plan, state);
  const done: Step[] = [];
  // Batches that may run in parallel: one kind's steps of one phase need nothing of each other.
  const batches: Step[][] = [];
  for (const item of todo) {
    const last = batches.at(-1);
    const same = last?.[0] && last[0].kind === item.kind && phase(last[0]) === phase(item);
    if (same) last.push(item);
    else batches.push([item]);
  }
  const context: StepContext = { vapi, state, env, credentials, fresh: new Map() };
  for (const [batchIndex, batch] of batches.entries()) {
    if (batch.some((item) => item.action === 'create'))
      context.fresh.set(batch[0]!.kind, [...(await listRemote(vapi, batch[0]!.kind)).values()]);
    const failures: Array<{ item: Step; error: unknown }> = [];
    const started = new Set<Step>();
    let next = 0;
    const worker = async () => {
      while (failures.length === 0 && next < batch.length) {
        const item = batch[next++] as Step;
        started.add(item);
        let detail: string;
        try {
          detail = await applyStep(context, item);
        } catch (error) {
          failures.push({ item, error });
          return;
        }
        try {
          await state.save();
        } catch (error) {
          // The account changed but the record of it did not: say exactly what to restore.
          failures.push({
            item,
            error: new Error(
              `${item.label}: ${detail}, but ${state.path} could not be saved (${(error as Error).message}); ` +
                'fix that file by hand before the next apply, or it will repeat this change',
              { cause: error },
            ),
          });
          return;
        }
        done.push(item);
        const id = item.id ?? state.idOf(item.kind, item.name);
        if (item.action !== 'rename' && id)
          options.record?.(item, id, item.action === 'create' && detail.startsWith('created'));
        progress.done(item, detail);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
    const [first, ...others] = failures;
    if (first) {
      const rest = [
        ...others.map((failure) => failure.item),
        ...batch.filter((item) => !started.has(item)),
        ...batches.slice(batchIndex + 1).flat(),
      ];
      throw new ApplyStopped(done, first.item, rest, first.error);
    }
  }
  return done;
}

/** Forward steps, link steps and deletes run in that order; same-phase steps of a kind run together. */
const phase = (item: Step) => (item.action === 'link' ? 1 : item.action === 'delete' ? 2 : 0);

interface StepContext {
  vapi: Vapi;
  state: State;
  env: Record<string, string | undefined>;
  credentials: Record<string, string>;
  /** Per kind with creates: the account's records read just before them, for adopt-by-name. */
  fresh: Map<KindKey, RemoteRecord[]>;
}

/** The file's value as the API takes it, with the ids the state knows now. */
function apiValue(item: Step, context: StepContext): Record<string, unknown> {
  const { state, env, credentials } = context;
  const file = item.file;
  if (!file) throw new Error(`${item.label}: no file`);
  const sent = Object.fromEntries(Object.entries(file.value).filter(([key]) => !item.hold?.includes(key)));
  const withIds = namesToIds(item.kind, sent, (kind, name) => {
    const id = state.idOf(kind, name);
    if (!id) throw new Error(`${file.path}: ${kind} ${name} has no id yet`);
    return id;
  });
  return resolvePlaceholders(credentialsToIds(withIds, credentials), env).value as Record<string, unknown>;
}

/** The file's value without the keys a later link step sends: what the account holds after this step. */
function sentValue(item: Step): Record<string, unknown> {
  const value = item.file?.value ?? {};
  return Object.fromEntries(Object.entries(value).filter(([key]) => !item.hold?.includes(key)));
}

async function applyStep(context: StepContext, item: Step): Promise<string> {
  const { vapi, state, env } = context;
  const api = crud(vapi, item.kind);
  switch (item.action) {
    case 'create': {
      // Vapi has no idempotency key: a resource made by a create that timed out, or by
      // another machine's apply since planning, is adopted rather than made twice.
      const file = item.file;
      if (!file) throw new Error(`${item.label}: no file`);
      const outcome = await adoptByName<RemoteRecord>({
        existing: context.fresh.get(item.kind) ?? [],
        name: titleOf(item.kind, file.value),
        nameOf: (record) => titleOf(item.kind, record),
        isTracked: (id) => state.nameOf(item.kind, id) !== undefined,
        matches: (record) =>
          sameContent(item.kind, record, file, state, env, item.hold ?? [], context.credentials),
        create: async () => {
          const created = (await api.create(apiValue(item, context))) as RemoteRecord;
          if (typeof created?.id !== 'string')
            throw new Error(`${item.label}: the API answered without an id`);
          return created;
        },
      });
      if (outcome.action === 'differs')
        throw new Error(
          `${item.label}: the account now has an untracked ${item.kind} of that name (${outcome.candidates.map((record) => record.id).join(', ')}) with other content; run diff again`,
        );
      state.set(item.kind, item.name, outcome.resource.id);
      state.setBaseline(item.kind, item.name, sentValue(item));
      return `${outcome.action} ${outcome.resource.id}`;
    }
    case 'adopt': {
      // Made before (a create that timed out, a killed run) or chosen with --adopt.
      const id = item.id as string;
      state.set(item.kind, item.name, id);
      if (item.changes.length) await patch(context, item, id);
      state.setBaseline(item.kind, item.name, sentValue(item));
      return `adopted ${id}${item.changes.length ? ` (updated ${changedKeys(item).join(', ')})` : ''}`;
    }
    case 'update':
    case 'link': {
      // A create's link step: the id the create just recorded.
      const id = item.id ?? state.idOf(item.kind, item.name);
      if (!id) throw new Error(`${item.label}: no id to link`);
      const keys = await patch(context, item, id);
      state.setBaseline(
        item.kind,
        item.name,
        item.action === 'link' ? (item.file?.value ?? {}) : sentValue(item),
      );
      return `${item.action === 'link' ? 'linked' : 'updated'} ${keys.join(', ')}`;
    }
    case 'rename':
      state.remove(item.kind, item.from as string);
      state.set(item.kind, item.name, item.id as string);
      state.setBaseline(item.kind, item.name, item.file?.value ?? {});
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

const changedKeys = (item: Step) => [
  ...new Set(item.changes.map((change) => apiKeyOf(item.kind, String(change.path[0])))),
];

/**
 * PATCH replaces the top-level fields it names: each changed one is sent whole; a field the
 * file no longer has is sent as null, which unsets it. Sending the same fields twice gives
 * the same result, so a 429 or a 5xx is retried by the SDK's transport.
 */
async function patch(context: StepContext, item: Step, id: string): Promise<string[]> {
  const value = apiValue(item, context);
  const keys = changedKeys(item);
  const body = Object.fromEntries(keys.map((key) => [key, value[key] ?? null]));
  await crud(context.vapi, item.kind).update(id, body);
  return keys;
}

/** For the failure report: `model.messages[0].content` of each change. */
export function changedFields(item: Step): string {
  return item.changes.map((change) => fieldName(change.path)).join(', ');
}
