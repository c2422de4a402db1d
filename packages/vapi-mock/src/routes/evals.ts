/**
 * Eval runs (`POST /eval/run`, `GET /eval/run/{id}`), enough to test a CI gate honestly:
 * a transient eval (`eval`) or a stored one (`evalId`, from the table's `/eval` routes).
 * A run is `queued` when made, `running` at its first read, `ended` with results at the
 * next. The fake has no model, so its assistant is deterministic: every assistant turn of
 * the mock conversation is answered with the target assistant's `firstMessage` (a squad's:
 * its first member's). An `exact` judge passes when the answer equals its `content`, a
 * `regex` judge when the answer matches; an `ai` judge cannot be judged here and fails.
 * The run passes when every judged turn passes.
 */
import type { RouteArgs, RouteDef } from '../context.ts';
import { errorResponse, notFound } from '../errors.ts';
import { collection } from '../state.ts';
import { checkedBody, created, store } from './records.ts';

type Value = Record<string, unknown>;
const RUNS = '/eval/run';

const isObject = (value: unknown): value is Value =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function targetAssistant(args: RouteArgs, target: Value): Value | undefined {
  if (target.type === 'assistant') {
    if (isObject(target.assistant)) return target.assistant;
    return args.fake.state.assistants.get(String(target.assistantId));
  }
  const squad = isObject(target.squad)
    ? target.squad
    : collection(args.fake.state, '/squad').get(String(target.squadId));
  const first = Array.isArray(squad?.members) ? (squad.members[0] as Value | undefined) : undefined;
  if (!first) return undefined;
  return isObject(first.assistant)
    ? first.assistant
    : args.fake.state.assistants.get(String(first.assistantId));
}

function judge(plan: Value, answer: string): boolean {
  if (plan.type === 'exact') return answer === plan.content;
  if (plan.type === 'regex') {
    try {
      return new RegExp(String(plan.content)).test(answer);
    } catch {
      return false;
    }
  }
  return false;
}

/** The conversation with the fake assistant's answers, and whether every judged turn passed. */
function runConversation(messages: unknown[], assistant: Value): { pass: boolean; messages: Value[] } {
  const answer = typeof assistant.firstMessage === 'string' ? assistant.firstMessage : '';
  let pass = true;
  const out: Value[] = [];
  for (const message of messages) {
    if (!isObject(message)) continue;
    if (message.role === 'assistant' && isObject(message.judgePlan)) {
      const ok = judge(message.judgePlan, answer);
      pass &&= ok;
      out.push({ role: 'assistant', content: answer, judge: { status: ok ? 'pass' : 'fail' } });
    } else out.push(message);
  }
  return { pass, messages: out };
}

const runCreate: RouteDef = {
  method: 'POST',
  path: RUNS,
  auth: true,
  handler: async (args) => {
    const outcome = await checkedBody(args, undefined, {});
    if (!outcome.ok) return outcome.response;
    const { body } = outcome;
    const problems: string[] = [];
    if (body.type !== 'eval') problems.push('type must be one of the following values: eval');
    if (!isObject(body.target) || (body.target.type !== 'assistant' && body.target.type !== 'squad'))
      problems.push('target.type must be one of the following values: assistant, squad');
    const stored =
      typeof body.evalId === 'string' ? collection(args.fake.state, '/eval').get(body.evalId) : undefined;
    // A stored eval that does not exist is Vapi's 404, as for any id.
    if (typeof body.evalId === 'string' && !isObject(body.eval) && !stored) return notFound('Eval');
    const evalBody = isObject(body.eval) ? body.eval : stored;
    if (!evalBody || !Array.isArray(evalBody.messages)) problems.push('eval.messages must be an array');
    if (problems.length) return errorResponse(400, problems);
    if (!targetAssistant(args, body.target as Value)) return notFound('Assistant');
    return created(
      store(args.fake, RUNS, RUNS, { ...body, status: 'queued', results: [], cost: 0, costs: [] }),
    );
  },
};

const runGet: RouteDef = {
  method: 'GET',
  path: `${RUNS}/{id}`,
  auth: true,
  handler: (args) => {
    const runs = collection(args.fake.state, RUNS);
    const run = runs.get(args.params.id ?? '');
    if (!run) return notFound('Eval run');
    const now = new Date().toISOString();
    if (run.status === 'queued') runs.set(run.id, { ...run, status: 'running', startedAt: now });
    else if (run.status === 'running') {
      const stored =
        typeof run.evalId === 'string' ? collection(args.fake.state, '/eval').get(run.evalId) : undefined;
      const evalBody = (isObject(run.eval) ? run.eval : stored) as Value;
      const assistant = targetAssistant(args, run.target as Value) ?? {};
      const result = runConversation(evalBody.messages as unknown[], assistant);
      runs.set(run.id, {
        ...run,
        status: 'ended',
        endedReason: 'mockConversation.done',
        endedAt: now,
        results: [
          {
            status: result.pass ? 'pass' : 'fail',
            messages: result.messages,
            startedAt: run.startedAt,
            endedAt: now,
          },
        ],
      });
    }
    return Response.json(runs.get(run.id));
  },
};

export const evalRoutes: RouteDef[] = [runCreate, runGet];
