import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CancelledError, CliError, ExitCode, SilentExit, UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { confirm } from '../input/prompt.ts';
import { palette } from '../output/color.ts';
import { printJson, printStatus } from '../output/print.ts';
import { withSpinner } from '../output/spinner.ts';
import { ApplyStopped, applyPlan, changedFields } from '../gitops/apply.ts';
import { FolderProblems } from '../gitops/files.ts';
import { KINDS, type KindKey } from '../gitops/kinds.ts';
import { buildPlan, changeCount, loadFolder, type Plan } from '../gitops/plan.ts';
import { pull } from '../gitops/pull.ts';
import { planJson, renderPretty, renderUnified } from '../gitops/render.ts';
import { readState } from '../gitops/state.ts';
import { globalsOf } from './shared.ts';

interface GitopsFlags {
  dir: string;
  only?: string;
  prune?: boolean;
  json?: boolean;
  yes?: boolean;
  dryRun?: boolean;
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
  factory: Factory,
  work: () => Promise<T>,
  outcome = 'nothing was sent',
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof FolderProblems)) throw error;
    for (const line of error.message.split('\n')) factory.io.stderr.write(`${line}\n`);
    const count = error.problems.length;
    throw new CliError(`${count} problem${count === 1 ? '' : 's'} in the files; ${outcome}`);
  }
}

export async function pullCommand(factory: Factory, command: Command): Promise<void> {
  const flags = command.opts<GitopsFlags>();
  const kinds = kindsOf(flags.only);
  const client = await factory.getClient(globalsOf(command));
  const dir = resolve(flags.dir);
  const state = await readState(dir, client.profile);
  const result = await reportingProblems(
    factory,
    () => withSpinner(factory.io, 'Pulling', () => pull({ vapi: client.vapi, dir, state, kinds })),
    'nothing was written; fix or delete those files first',
  );
  const counts = [...result.counts]
    .map(([kind, count]) => `${count} ${KINDS.find((entry) => entry.key === kind)?.dir}`)
    .join(', ');
  printStatus(
    factory,
    `Pulled ${counts} into ${flags.dir} (${result.written.length} written, ${result.unchanged} unchanged, ${result.removed.length} removed)`,
  );
  if (result.variables.length)
    factory.io.stderr.write(
      `Secrets are placeholders; set these before apply: ${result.variables.join(', ')}\n`,
    );
}

/** The folder checked, the account read, the plan made; nothing sent. */
async function plan(factory: Factory, command: Command, prune: boolean) {
  const flags = command.opts<GitopsFlags>();
  const dir = resolve(flags.dir);
  const found = await stat(dir).catch(() => undefined);
  if (!found?.isDirectory())
    throw new UsageError(
      `no folder ${flags.dir}: run \`voxdesk pull --dir ${flags.dir}\` to start from the account, or pass --dir`,
    );
  const files = await reportingProblems(factory, () => loadFolder(dir, factory.env));
  const client = await factory.getClient(globalsOf(command));
  const state = await readState(dir, client.profile);
  const made = await reportingProblems(factory, () =>
    withSpinner(factory.io, 'Planning', () =>
      buildPlan({ vapi: client.vapi, files, state, env: factory.env, prune }),
    ),
  );
  return { plan: made, state, client };
}

function printPlan(factory: Factory, made: Plan): void {
  const { io } = factory;
  io.stdout.write(
    io.isStdoutTTY ? renderPretty(made, io.colorEnabled) : renderUnified(made, io.colorEnabled),
  );
}

export async function diffCommand(factory: Factory, command: Command): Promise<void> {
  const flags = command.opts<GitopsFlags>();
  const { plan: made, client } = await plan(factory, command, Boolean(flags.prune));
  if (flags.json) await printJson(factory, planJson(made, client.profile));
  else printPlan(factory, made);
  // For CI gates: 3 says "there are changes", distinct from 1 (an error).
  if (changeCount(made) > 0) throw new SilentExit(ExitCode.changes);
}

export async function applyCommand(factory: Factory, command: Command): Promise<void> {
  const flags = command.opts<GitopsFlags>();
  const { plan: made, state, client } = await plan(factory, command, Boolean(flags.prune));
  const { io } = factory;
  printPlan(factory, made);
  const count = changeCount(made);
  if (count === 0) {
    if (made.forgotten.length) {
      for (const gone of made.forgotten) state.remove(gone.kind, gone.name);
      await state.save();
    }
    printStatus(factory, 'Nothing to apply: the account matches the folder');
    return;
  }
  if (flags.dryRun) {
    io.stderr.write('dry run: nothing was sent\n');
    return;
  }
  if (!flags.yes) {
    if (!io.isStdinTTY || !io.isStdoutTTY)
      throw new UsageError(
        `apply would make ${count} change${count === 1 ? '' : 's'}: refusing without confirmation because this is not a terminal; pass --yes`,
      );
    if (
      !(await confirm(io, `Apply ${count} change${count === 1 ? '' : 's'} to profile "${client.profile}"?`))
    )
      throw new CancelledError();
  }
  const c = palette(io.isStderrTTY && io.colorEnabled);
  try {
    await applyPlan({
      vapi: client.vapi,
      plan: made,
      state,
      env: factory.env,
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
  }
  printStatus(factory, `Applied ${count} change${count === 1 ? '' : 's'} to profile "${client.profile}"`);
}
