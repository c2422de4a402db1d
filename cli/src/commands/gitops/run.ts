import { stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CancelledError, CliError, ExitCode, SilentExit, UsageError } from '../../errors.ts';
import { confirm } from '../../input/prompt.ts';
import { palette } from '../../output/color.ts';
import { printJson, printStatus } from '../../output/print.ts';
import { withSpinner } from '../../output/spinner.ts';
import { ApplyStopped, applyPlan, changedFields } from '../../gitops/apply.ts';
import { audit } from '../../gitops/audit.ts';
import { FolderProblems } from '../../gitops/files.ts';
import { KINDS, type KindKey } from '../../gitops/kinds.ts';
import { lockState } from '../../gitops/lock.ts';
import {
  accountLine,
  adoptSameNamed,
  buildPlan,
  changeCount,
  driftCount,
  loadFolder,
  type Plan,
} from '../../gitops/plan.ts';
import { envWith, readProfileValues } from '../../gitops/profile-values.ts';
import { junitXml, readEvals, runEvals } from '../../gitops/evals.ts';
import { pull } from '../../gitops/pull.ts';
import {
  describeEntry,
  filesBefore,
  readSnapshot,
  rollbackOnly,
  saveSnapshot,
  snapshotRecorder,
  type Snapshot,
} from '../../gitops/snapshot.ts';
import { convertToMarkdown } from '../../gitops/to-markdown.ts';
import { parseTargets, selectPlan } from '../../gitops/target.ts';
import { OUTSIDE, planJson, renderPretty, renderUnified } from '../../gitops/render.ts';
import { readSavedPlan, savedPlanOf, staleSavedPlan } from '../../gitops/saved-plan.ts';
import { readState } from '../../gitops/state.ts';
import { pause } from '../poll.ts';
import type { Deps } from '../shared.ts';
import type {
  ApplyOpts,
  AuditOpts,
  ConvertOpts,
  DiffOpts,
  EvalRunOpts,
  PullOpts,
  RollbackOpts,
} from './index.ts';

/** What planning and applying read of the verbs' flags (apply's, or rollback's). */
interface GitopsFlags {
  dir: string;
  only?: string | undefined;
  prune?: boolean | undefined;
  yes?: boolean | undefined;
  dryRun?: boolean | undefined;
  overwrite?: boolean | undefined;
  adopt?: boolean | undefined;
}

function kindsOf(only: string | undefined): KindKey[] {
  if (only === undefined) return KINDS.map((kind) => kind.key);
  const words = only
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  const out: KindKey[] = [];
  for (const word of words) {
    const kind = KINDS.find((entry) => entry.dir === word || entry.key === word);
    if (!kind)
      throw new UsageError(
        `--only: unknown kind "${word}"; use ${KINDS.map((entry) => entry.dir).join(', ')}`,
      );
    if (!out.includes(kind.key)) out.push(kind.key);
  }
  if (out.length === 0) throw new UsageError('--only needs at least one kind, e.g. --only assistants,tools');
  return KINDS.map((kind) => kind.key).filter((key) => out.includes(key));
}

/** File problems: every one on stderr (file:line: field: message), then exit 1. */
async function reportingProblems<T>(
  deps: Deps,
  work: () => Promise<T>,
  outcome = 'nothing was sent',
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof FolderProblems)) throw error;
    for (const line of error.message.split('\n')) deps.io.stderr.write(`${line}\n`);
    const count = error.problems.length;
    const message = `${count} problem${count === 1 ? '' : 's'} in the files; ${outcome}`;
    // A file that is not YAML could not be read at all: a usage error, as for bad input.
    if (error.problems.some((problem) => problem.syntax)) throw new UsageError(message);
    throw new CliError(message);
  }
}

/** Runs `work` holding the folder's state lock (pull and apply write the state). */
async function locked<T>(dir: string, command: string, work: () => Promise<T>): Promise<T> {
  const release = await lockState(dir, command);
  try {
    return await work();
  } finally {
    await release();
  }
}

export async function pullCommand(flags: PullOpts, deps: Deps): Promise<void> {
  const kinds = kindsOf(flags.only);
  const client = await deps.client();
  const dir = resolve(flags.dir);
  const result = await locked(dir, 'pull', async () => {
    const state = await readState(dir, client.profile);
    const values = await reportingProblems(deps, () => readProfileValues(dir, client.profile));
    return reportingProblems(
      deps,
      () =>
        withSpinner(deps.io, 'Pulling', () =>
          pull({
            vapi: client.vapi,
            dir,
            state,
            kinds,
            baseUrl: client.baseUrl,
            force: Boolean(flags.force),
            values,
            env: envWith(values, deps.env),
          }),
        ),
      'nothing was written; fix or delete those files first',
    );
  });
  const counts = [...result.counts]
    .map(([kind, count]) => `${count} ${KINDS.find((entry) => entry.key === kind)?.dir}`)
    .join(', ');
  printStatus(
    deps,
    `Pulled ${counts} from org ${result.orgId ?? '(unknown)'} into ${flags.dir} (${result.written.length} written, ${result.unchanged} unchanged, ${result.removed.length} removed)`,
  );
  if (result.variables.length)
    deps.io.stderr.write(
      `Secrets are placeholders; set these before apply: ${result.variables.join(', ')}\n`,
    );
  for (const note of result.placeholders) deps.io.stderr.write(`note: ${note.path}: ${note.reason}\n`);
  if (result.credentials.length)
    deps.io.stderr.write(
      `Credential ids are written by name; named ${result.credentials.join(', ')} in ${flags.dir}/profiles/${client.profile}.yaml (map the same names in the other profiles' files)\n`,
    );
  if (result.conflicts.length) {
    for (const conflict of result.conflicts)
      deps.io.stderr.write(`conflict: ${conflict.path}: ${conflict.reason}\n`);
    const count = result.conflicts.length;
    throw new CliError(
      `${count} file${count === 1 ? '' : 's'} kept as they are (work not applied); the rest was pulled. pull --force takes the account's version`,
    );
  }
}

/** The folder checked, the account read, the plan made; nothing sent. */
async function plan(deps: Deps, flags: GitopsFlags, prune: boolean, rollback?: Snapshot) {
  const dir = resolve(flags.dir);
  const found = await stat(dir).catch(() => undefined);
  if (!found?.isDirectory())
    throw new UsageError(
      `no folder ${flags.dir}: run \`voxdesk pull --dir ${flags.dir}\` to start from the account, or pass --dir`,
    );
  const client = await deps.client();
  const values = await reportingProblems(deps, () => readProfileValues(dir, client.profile));
  const env = envWith(values, deps.env);
  const profile = { name: client.profile, credentials: values.credentials, valuesPath: values.path };
  const loaded = await reportingProblems(deps, () => loadFolder(dir, env, profile));
  // A rollback plans the account back to what the last apply found: its snapshot's files.
  const files = rollback ? filesBefore(dir, loaded, rollback) : loaded;
  const state = await readState(dir, client.profile);
  const made = await reportingProblems(deps, () =>
    withSpinner(deps.io, 'Planning', () =>
      buildPlan({
        vapi: client.vapi,
        files,
        state,
        env,
        prune: prune || Boolean(rollback),
        baseUrl: client.baseUrl,
        credentials: values.credentials,
        valuesText: values.text,
      }),
    ),
  );
  const selected = rollback
    ? rollbackOnly(made, rollback)
    : flags.only
      ? selectPlan(made, parseTargets(flags.only))
      : made;
  return { plan: selected, state, client, dir, env, credentials: values.credentials };
}

function printPlan(deps: Deps, made: Plan): void {
  const { io } = deps;
  io.stdout.write(
    io.isStdoutTTY ? renderPretty(made, io.colorEnabled) : renderUnified(made, io.colorEnabled),
  );
}

export async function diffCommand(flags: DiffOpts, deps: Deps): Promise<void> {
  const { plan: made, dir } = await plan(deps, flags, Boolean(flags.prune));
  if (flags.json) await printJson(deps, planJson(made));
  else printPlan(deps, made);
  if (flags.out) {
    await writeFile(
      resolve(flags.out),
      `${JSON.stringify(savedPlanOf(made, dir, Boolean(flags.prune), flags.only), null, 2)}\n`,
    );
    deps.io.stderr.write(`Plan saved to ${flags.out}; \`voxdesk apply ${flags.out}\` applies exactly it\n`);
  }
  // For CI gates: 3 says "there are changes", distinct from 1 (an error).
  if (changeCount(made) > 0) throw new SilentExit(ExitCode.changes);
}

export async function applyCommand(opts: ApplyOpts, deps: Deps): Promise<void> {
  const { plan: planFile } = opts;
  const saved = planFile ? await readSavedPlan(resolve(planFile)) : undefined;
  // The plan reviewed was limited: applying it applies exactly that part.
  if (saved && opts.only !== undefined && opts.only !== saved.only)
    throw new UsageError(
      `${planFile} was saved with --only ${saved.only ?? '(none)'}; apply it without --only`,
    );
  // A saved plan names its folder, --prune and --only: those are what apply plans again.
  const flags: GitopsFlags = saved ? { ...opts, dir: saved.dir, prune: saved.prune, only: saved.only } : opts;
  const dir = resolve(flags.dir);
  const found = await stat(dir).catch(() => undefined);
  if (found?.isDirectory()) await locked(dir, 'apply', () => applyLocked(deps, flags, planFile, saved));
  else await applyLocked(deps, flags, planFile, saved);
}

/** `voxdesk rollback`: the last apply's changes undone, through the same plan and confirmation. */
export async function rollbackCommand(flags: RollbackOpts, deps: Deps): Promise<void> {
  const dir = resolve(flags.dir);
  const client = await deps.client();
  const snapshot = await readSnapshot(dir, client.profile);
  if (!snapshot || snapshot.entries.length === 0)
    throw new UsageError(`no apply to roll back for profile "${client.profile}" in ${flags.dir}`);
  deps.io.stderr.write(
    `Rolling back the apply of ${snapshot.at} (profile "${snapshot.profile}"): ${snapshot.entries.map(describeEntry).join(', ')}\n`,
  );
  await locked(dir, 'rollback', () => applyLocked(deps, flags, undefined, undefined, snapshot));
}

async function applyLocked(
  deps: Deps,
  flags: GitopsFlags,
  planFile: string | undefined,
  saved: Awaited<ReturnType<typeof readSavedPlan>> | undefined,
  rollback?: Snapshot,
): Promise<void> {
  const {
    plan: planned,
    state,
    client,
    env,
    credentials,
    dir,
  } = await plan(deps, flags, Boolean(flags.prune), rollback);
  if (rollback && rollback.orgId !== (planned.orgId ?? null))
    throw new CliError(
      `the snapshot is of org ${rollback.orgId}, this token opens org ${planned.orgId ?? '(unknown)'}; nothing was sent`,
    );
  const { io } = deps;
  if (saved && planFile) {
    const stale = staleSavedPlan(saved, planned);
    if (stale)
      throw new CliError(`${planFile}: ${stale}; nothing was sent. Run diff --out again and review it`);
  }
  let made = planned;
  printPlan(deps, made);
  const count = changeCount(made);
  if (count === 0) {
    if (made.forgotten.length) {
      for (const gone of made.forgotten) state.remove(gone.kind, gone.name);
    }
    for (const item of made.items)
      if (item.action === 'unchanged' && item.file) state.setBaseline(item.kind, item.name, item.file.value);
    await state.save();
    printStatus(deps, 'Nothing to apply: the account matches the folder');
    return;
  }
  if (flags.dryRun) {
    io.stderr.write('dry run: nothing was sent\n');
    return;
  }
  const drift = driftCount(made);
  if (drift && !flags.overwrite)
    throw new CliError(
      `${drift} field${drift === 1 ? '' : 's'} ${OUTSIDE} since the last pull or apply (marked above); applying would undo ${drift === 1 ? 'it' : 'them'}. ` +
        'Run `voxdesk pull` to take the account’s edits into the files, or apply --overwrite to replace them; nothing was sent',
    );
  const sameNamed = made.items.filter((item) => item.sameName);
  const interactive = io.isStdinTTY && io.isStdoutTTY;
  if (sameNamed.length && !flags.adopt) {
    const list = sameNamed.map((item) => `${item.label} (${item.sameName?.id})`).join(', ');
    if (!interactive)
      throw new CliError(
        `the account already has untracked resources named as new files, with other content: ${list}. ` +
          'apply --adopt takes them over (updating them to the files), or rename the files; nothing was sent',
      );
    if (!(await confirm(io, `Take over ${list} (update to the files) instead of creating duplicates?`)))
      throw new CancelledError();
  }
  if (sameNamed.length) made = adoptSameNamed(made);
  if (!flags.yes && !saved) {
    if (!interactive)
      throw new UsageError(
        `apply would make ${count} change${count === 1 ? '' : 's'}: refusing without confirmation because this is not a terminal; pass --yes`,
      );
    if (!(await confirm(io, `Apply ${count} change${count === 1 ? '' : 's'} to ${accountLine(made)}?`)))
      throw new CancelledError();
  }
  const c = palette(io.isStderrTTY && io.colorEnabled);
  // What this run changes, for `voxdesk rollback` (saved even when the run stops part-way).
  const recorder = snapshotRecorder(made, (kind, id) => state.nameOf(kind, id), credentials);
  const snapshot = (): Snapshot => ({
    version: 1,
    profile: made.profile,
    orgId: made.orgId ?? null,
    at: new Date().toISOString(),
    entries: recorder.entries,
  });
  try {
    await applyPlan({
      vapi: client.vapi,
      plan: made,
      state,
      env,
      credentials,
      record: (step, id, created) => recorder.record(step, id, created),
      progress: { done: (item, detail) => io.stderr.write(`${c.green('✓')} ${item.label}: ${detail}\n`) },
    });
  } catch (error) {
    if (!(error instanceof ApplyStopped)) throw error;
    io.stderr.write(`${c.red('✗')} ${error.failed.label}: ${error.failed.action} failed\n`);
    const total = error.done.length + 1 + error.notDone.length;
    io.stderr.write(
      `Done ${error.done.length} of ${total}${error.done.length ? `: ${error.done.map((item) => item.label).join(', ')}` : ''}.\n`,
    );
    const notDone = [error.failed, ...error.notDone];
    io.stderr.write(
      `Not done: ${notDone
        .map(
          (item) =>
            `${item.label} (${item.action}${item.action === 'update' || item.action === 'link' ? `: ${changedFields(item)}` : ''})`,
        )
        .join(', ')}.\nThe state file has every change made; run apply again to resume.\n`,
    );
    throw error.cause;
  } finally {
    if (recorder.entries.length) await saveSnapshot(dir, snapshot());
  }
  printStatus(deps, `Applied ${count} change${count === 1 ? '' : 's'} to ${accountLine(made)}`);
}

export async function convertCommand(flags: ConvertOpts, deps: Deps): Promise<void> {
  const dir = resolve(flags.dir);
  const names = flags.assistants.map((arg) => arg.replace(/^.*\//, '').replace(/\.(ya?ml|md)$/, ''));
  const result = await locked(dir, 'convert', () => convertToMarkdown(dir, names.length ? names : undefined));
  for (const done of result.converted) deps.io.stderr.write(`converted ${done.from} → ${done.to}\n`);
  for (const kept of result.skipped) deps.io.stderr.write(`kept ${kept.path}: ${kept.reason}\n`);
  if (result.unknown.length)
    throw new UsageError(`no assistant file ${result.unknown.join(', ')} in ${flags.dir}/assistants`);
  if (names.length && result.skipped.length)
    throw new CliError(`${result.skipped.length} of the named files could not be converted (see above)`);
  printStatus(
    deps,
    `Converted ${result.converted.length} assistant file${result.converted.length === 1 ? '' : 's'} to Markdown`,
  );
}

export async function evalRunCommand(flags: EvalRunOpts, deps: Deps): Promise<void> {
  const interval = Number(flags.interval);
  const timeout = Number(flags.maxWait);
  if (!(interval >= 0) || !(timeout > 0))
    throw new UsageError('--interval and --max-wait take a number of seconds, e.g. --interval 2');
  const dir = resolve(flags.dir);
  const client = await deps.client();
  const evals = await reportingProblems(
    deps,
    () => readEvals(dir, client.profile, flags.evals.length ? flags.evals : undefined),
    'nothing was run',
  );
  if (evals.length === 0) throw new UsageError(`no evals in ${flags.dir}/evals (each is a <name>.yaml file)`);
  const state = await readState(dir, client.profile);
  const { io } = deps;
  const c = palette(io.isStderrTTY && io.colorEnabled);
  io.stderr.write(
    `Running ${evals.length} eval${evals.length === 1 ? '' : 's'} against profile "${client.profile}" at ${client.baseUrl}\n`,
  );
  const outcomes = await runEvals({
    vapi: client.vapi,
    state,
    evals,
    pause: () => pause(deps, interval * 1000),
    timeoutSeconds: timeout,
    progress: {
      started: (file, runId) => io.stderr.write(`… evals/${file.name}: running (eval run ${runId})\n`),
      finished: (outcome) =>
        io.stderr.write(
          outcome.status === 'pass'
            ? `${c.green('✓')} evals/${outcome.eval.name}: pass (${outcome.seconds.toFixed(1)} s)\n`
            : `${c.red('✗')} evals/${outcome.eval.name}: ${outcome.status}: ${outcome.message ?? ''}\n`,
        ),
    },
  });
  if (flags.junit)
    await writeFile(resolve(flags.junit), junitXml(outcomes, `voxdesk evals (${client.profile})`));
  const bad = outcomes.filter((outcome) => outcome.status !== 'pass').length;
  if (bad) throw new CliError(`${bad} of ${outcomes.length} evals did not pass`);
  printStatus(deps, `All ${outcomes.length} evals passed`);
}

export async function auditCommand(flags: AuditOpts, deps: Deps): Promise<void> {
  const client = await deps.client();
  const state = await readState(resolve(flags.dir), client.profile);
  const { orgId, findings } = await withSpinner(deps.io, 'Auditing', () => audit(client.vapi, state));
  const line = accountLine({ profile: client.profile, orgId, baseUrl: client.baseUrl });
  if (flags.json) await printJson(deps, { profile: client.profile, orgId: orgId ?? null, findings });
  else {
    const out = [`# ${line}`];
    for (const finding of findings) {
      const dir = KINDS.find((kind) => kind.key === finding.kind)?.dir;
      out.push(
        finding.problem === 'untracked'
          ? `untracked  ${dir}  "${finding.name}"  ${finding.ids[0]}  (no file in ${flags.dir} stands for it)`
          : `duplicate  ${dir}  "${finding.name}"  ${finding.ids.join(', ')}  (${finding.tracked.length ? `tracked: ${finding.tracked.join(', ')}` : 'none tracked'})`,
      );
    }
    const untracked = findings.filter((finding) => finding.problem === 'untracked').length;
    out.push(`# ${untracked} untracked, ${findings.length - untracked} duplicated names`);
    deps.io.stdout.write(`${out.join('\n')}\n`);
  }
  if (findings.length) throw new SilentExit(ExitCode.changes);
}
