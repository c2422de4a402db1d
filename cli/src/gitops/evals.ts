/**
 * Evals as code: `<dir>/evals/<name>.yaml` holds a Vapi eval (a mock conversation with
 * judged assistant turns, `CreateEvalDTO`) and the file it runs against, `target:
 * assistants/receptionist` or `squads/front-desk`. `voxdesk eval run` sends each as a
 * transient eval run (`POST /eval/run`) against the target's id in the profile just
 * applied, waits for it to end, and reports pass or fail (JUnit XML for CI).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Vapi } from '@voxdesk/sdk';
import { LineCounter, parseDocument } from 'yaml';
import { FolderProblems, NAME_PATTERN, type FileProblem } from './files.ts';
import type { State } from './state.ts';

export const EVALS_DIR = 'evals';

export interface EvalFile {
  name: string;
  path: string;
  /** The eval as Vapi takes it (`name`, `type`, `messages`…), without `target`. */
  body: Record<string, unknown>;
  target: { kind: 'assistants' | 'squads'; name: string };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every eval file (or those named), checked; every problem at once, with its line. */
export async function readEvals(dir: string, names?: string[]): Promise<EvalFile[]> {
  const folder = join(dir, EVALS_DIR);
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const problems: FileProblem[] = [];
  const out: EvalFile[] = [];
  const found = entries.filter((entry) => entry.endsWith('.yaml')).map((entry) => entry.slice(0, -5));
  for (const name of names ?? [])
    if (!found.includes(name))
      problems.push({ path: join(folder, `${name}.yaml`), field: '', message: 'no such eval file' });
  for (const name of found.sort()) {
    if (names && !names.includes(name)) continue;
    const path = join(folder, `${name}.yaml`);
    if (!NAME_PATTERN.test(name)) {
      problems.push({ path, field: '', message: 'file names are lower-case letters, digits and dashes' });
      continue;
    }
    const lines = new LineCounter();
    const doc = parseDocument(await readFile(path, 'utf8'), { lineCounter: lines, prettyErrors: false });
    const at = (key: string, message: string) => {
      const node = doc.get(key, true) as { range?: [number, number] } | undefined;
      problems.push({ path, line: lines.linePos(node?.range?.[0] ?? 0).line, field: key, message });
    };
    if (doc.errors.length) {
      problems.push({
        path,
        field: '',
        message: `invalid YAML: ${doc.errors[0]?.message.split('\n')[0]}`,
        syntax: true,
      });
      continue;
    }
    const value: unknown = doc.toJS();
    if (!isObject(value)) {
      problems.push({
        path,
        line: 1,
        field: '',
        message: 'an eval file holds one mapping (key: value lines)',
      });
      continue;
    }
    const { target, ...body } = value;
    const match =
      typeof target === 'string' ? /^(assistants|squads)\/([a-z0-9][a-z0-9-]*)$/.exec(target) : null;
    if (!match)
      at('target', 'must name the file it runs against, e.g. assistants/receptionist or squads/front-desk');
    if (!Array.isArray(body.messages) || body.messages.length === 0)
      at(
        'messages',
        'must be the mock conversation: a list of messages (user turns, judged assistant turns)',
      );
    if (body.type === undefined) body.type = 'chat.mockConversation';
    if (match)
      out.push({
        name,
        path,
        body,
        target: { kind: match[1] as 'assistants' | 'squads', name: match[2] as string },
      });
  }
  if (problems.length) throw new FolderProblems(problems);
  return out;
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
    const id = state.idOf(file.target.kind, file.target.name);
    if (!id) {
      finish({
        status: 'error',
        message: `${file.target.kind}/${file.target.name} has no id for profile "${state.profile}"; apply it first`,
      });
      continue;
    }
    const target =
      file.target.kind === 'assistants'
        ? { type: 'assistant', assistantId: id }
        : { type: 'squad', squadId: id };
    let run = (await vapi.evals.runs.create({ type: 'eval', eval: file.body, target } as never)) as Record<
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
