/**
 * Evals as code: `<dir>/evals/<name>.yaml` is a stored kind (a Vapi eval, `CreateEvalDTO`:
 * a mock conversation with judged assistant turns) that pull, diff and apply manage like
 * the others, plus the file's own `target: assistants/receptionist` or `squads/front-desk`.
 * `voxdesk eval run` runs each stored eval (`POST /eval/run` with its `evalId`) against
 * the target's id in the profile just applied, waits for it to end, and reports pass or
 * fail (JUnit XML for CI).
 */
import type { Vapi } from '@voxdesk/sdk';
import { deepEqual } from './convert.ts';
import { FolderProblems, inScope, readFolder, type EvalTarget, type FileProblem } from './files.ts';
import type { State } from './state.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface EvalFile {
  name: string;
  path: string;
  /** The file's `target:`; absent in an eval pulled from the account until one is written. */
  target?: EvalTarget;
  /** The eval as the file holds it (compared with the last applied, which is what runs). */
  value: Record<string, unknown>;
}

/**
 * The eval files of the folder (or those named) that `profile` manages; every problem at
 * once (a broken eval file, an unknown name), with its line. Nothing runs when one is found.
 */
export async function readEvals(dir: string, profile: string, names?: string[]): Promise<EvalFile[]> {
  const { files, problems, names: found } = await readFolder(dir, ['evals']);
  const missing: FileProblem[] = (names ?? [])
    .filter((name) => !found.has(`evals:${name}`))
    .map((name) => ({ path: `${dir}/evals/${name}.yaml`, field: '', message: 'no such eval file' }));
  if (problems.length || missing.length) throw new FolderProblems([...missing, ...problems]);
  return files
    .filter((file) => (!names || names.includes(file.name)) && inScope(file, profile))
    .map((file) => ({
      name: file.name,
      path: file.path,
      value: file.value,
      ...(file.target ? { target: file.target } : {}),
    }));
}

export interface EvalOutcome {
  eval: EvalFile;
  runId?: string;
  status: 'pass' | 'fail' | 'error';
  /** Why it failed or could not run. */
  message?: string;
  seconds: number;
}

export interface EvalProgress {
  started(file: EvalFile, runId: string): void;
  finished(outcome: EvalOutcome): void;
}

/** Runs each eval against its target's id in `state`'s profile, one at a time. */
export async function runEvals(options: {
  vapi: Vapi;
  state: State;
  evals: EvalFile[];
  progress: EvalProgress;
  /** Waits between reads of a running eval (the command's interruptible pause). */
  pause: () => Promise<void>;
  /** Give up on one run after this many seconds. */
  timeoutSeconds: number;
}): Promise<EvalOutcome[]> {
  const { vapi, state, evals, progress, pause, timeoutSeconds } = options;
  const outcomes: EvalOutcome[] = [];
  for (const file of evals) {
    const started = Date.now();
    const seconds = () => (Date.now() - started) / 1000;
    const finish = (outcome: Omit<EvalOutcome, 'eval' | 'seconds'>) => {
      const done = { eval: file, seconds: seconds(), ...outcome };
      outcomes.push(done);
      progress.finished(done);
    };
    if (!file.target) {
      finish({
        status: 'error',
        message: 'names no target; add target: assistants/<file> or squads/<file> to the file',
      });
      continue;
    }
    const evalId = state.idOf('evals', file.name);
    const id = state.idOf(file.target.kind, file.target.name);
    const unapplied = !evalId ? `evals/${file.name}` : !id ? `${file.target.kind}/${file.target.name}` : '';
    if (unapplied) {
      finish({
        status: 'error',
        message: `${unapplied} has no id for profile "${state.profile}"; apply it first`,
      });
      continue;
    }
    // The stored eval runs, not the file: an edit not applied would pass or fail the old one.
    if (!deepEqual(state.baselineOf('evals', file.name), file.value)) {
      finish({
        status: 'error',
        message: `edited since the last apply to profile "${state.profile}"; apply it first (the stored eval is what runs)`,
      });
      continue;
    }
    const target =
      file.target.kind === 'assistants'
        ? { type: 'assistant', assistantId: id }
        : { type: 'squad', squadId: id };
    let run = (await vapi.evals.runs.create({ type: 'eval', evalId, target } as never)) as Record<
      string,
      unknown
    >;
    const runId = String(run.id);
    progress.started(file, runId);
    while (run.status !== 'ended' && seconds() < timeoutSeconds) {
      await pause();
      run = await vapi.evals.runs.get(runId);
    }
    if (run.status !== 'ended') {
      finish({ runId, status: 'error', message: `still ${String(run.status)} after ${timeoutSeconds} s` });
      continue;
    }
    const results = Array.isArray(run.results) ? (run.results as Array<Record<string, unknown>>) : [];
    const failed = results.filter((result) => result.status !== 'pass');
    if (run.endedReason !== 'mockConversation.done')
      finish({
        runId,
        status: 'error',
        message: `ended: ${String(run.endedReason)}${run.endedMessage ? ` (${String(run.endedMessage)})` : ''}`,
      });
    else if (results.length === 0 || failed.length)
      finish({ runId, status: 'fail', message: failureText(failed[0]) });
    else finish({ runId, status: 'pass' });
  }
  return outcomes;
}

/** The judged turns that failed, as the assistant answered them. */
function failureText(result: Record<string, unknown> | undefined): string {
  const messages = Array.isArray(result?.messages) ? (result.messages as Array<Record<string, unknown>>) : [];
  const turns = messages.filter((message) => isObject(message.judge) && message.judge.status === 'fail');
  if (turns.length === 0) return 'the run reported no passing result';
  return turns.map((turn) => `the assistant answered ${JSON.stringify(turn.content ?? '')}`).join('; ');
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML, as CI systems read it: one test case per eval file. */
export function junitXml(outcomes: EvalOutcome[], suite: string): string {
  const failures = outcomes.filter((outcome) => outcome.status === 'fail').length;
  const errors = outcomes.filter((outcome) => outcome.status === 'error').length;
  const time = outcomes.reduce((sum, outcome) => sum + outcome.seconds, 0);
  const cases = outcomes.map((outcome) => {
    const open = `    <testcase classname="evals" name="${xml(outcome.eval.name)}" file="${xml(outcome.eval.path)}" time="${outcome.seconds.toFixed(3)}"`;
    if (outcome.status === 'pass') return `${open}/>`;
    const tag = outcome.status === 'fail' ? 'failure' : 'error';
    const message = xml(outcome.message ?? outcome.status);
    return `${open}>\n      <${tag} message="${message}">${message}${outcome.runId ? ` (eval run ${outcome.runId})` : ''}</${tag}>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${outcomes.length}" failures="${failures}" errors="${errors}" time="${time.toFixed(3)}">`,
    `  <testsuite name="${xml(suite)}" tests="${outcomes.length}" failures="${failures}" errors="${errors}" time="${time.toFixed(3)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
