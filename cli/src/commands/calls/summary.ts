import { printList } from '../../output/print.ts';
import { shapingFor } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { sinceInstant } from '../since.ts';
import { idForName } from '../names.ts';
import type { Deps } from '../shared.ts';
import type { SummaryOpts } from './index.ts';
import { endedBadly } from './outcome.ts';

type Call = Record<string, unknown>;

/** One assistant's calls in the window. */
export interface AssistantSummary {
  assistantId: string | null;
  calls: number;
  failed: number;
  /** Summed `cost` (USD), rounded to the cent. */
  cost: number;
  /** Summed `endedAt - startedAt`, in seconds (calls without both count 0). */
  durationSeconds: number;
  endedReasons: Record<string, number>;
}

const FIELDS = ['assistantId', 'calls', 'failed', 'cost', 'durationSeconds', 'endedReasons'];

export function durationOf(call: Call): number {
  const started = Date.parse(String(call.startedAt ?? ''));
  const ended = Date.parse(String(call.endedAt ?? ''));
  return Number.isNaN(started) || Number.isNaN(ended) || ended < started ? 0 : (ended - started) / 1000;
}

/** Groups calls by assistant: count, failures, ended reasons, cost and duration; busiest first. */
export function summarize(calls: readonly Call[]): AssistantSummary[] {
  const groups = new Map<string | null, AssistantSummary>();
  for (const call of calls) {
    const id = typeof call.assistantId === 'string' ? call.assistantId : null;
    const group = groups.get(id) ?? {
      assistantId: id,
      calls: 0,
      failed: 0,
      cost: 0,
      durationSeconds: 0,
      endedReasons: {},
    };
    group.calls++;
    if (endedBadly(call.endedReason)) group.failed++;
    if (typeof call.cost === 'number') group.cost += call.cost;
    group.durationSeconds += durationOf(call);
    if (typeof call.endedReason === 'string')
      group.endedReasons[call.endedReason] = (group.endedReasons[call.endedReason] ?? 0) + 1;
    groups.set(id, group);
  }
  return [...groups.values()]
    .map((group) => ({
      ...group,
      cost: Math.round(group.cost * 100) / 100,
      durationSeconds: Math.round(group.durationSeconds),
    }))
    .sort((a, b) => b.calls - a.calls || String(a.assistantId).localeCompare(String(b.assistantId)));
}

const reasons = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');

const COLUMNS = [
  { header: 'ASSISTANT', value: (row: Record<string, unknown>) => row.assistantId ?? '(none)', keep: true },
  { header: 'CALLS', value: (row: Record<string, unknown>) => row.calls, whole: true },
  { header: 'FAILED', value: (row: Record<string, unknown>) => row.failed, whole: true },
  { header: 'COST', value: (row: Record<string, unknown>) => `$${Number(row.cost).toFixed(2)}`, whole: true },
  {
    header: 'MINUTES',
    value: (row: Record<string, unknown>) => (Number(row.durationSeconds) / 60).toFixed(1),
    whole: true,
  },
  {
    header: 'ENDED REASONS',
    value: (row: Record<string, unknown>) => reasons(row.endedReasons as Record<string, number>),
  },
];

/** `calls summary --since 24h`: every call of the window through the SDK's pager, grouped. */
export async function run(flags: SummaryOpts, deps: Deps): Promise<void> {
  const shaping = await shapingFor(deps, flags, FIELDS);
  const createdAtGe = sinceInstant(flags.since, deps.now());
  const { vapi } = await deps.client();
  const assistantId =
    flags.assistant && (await idForName(vapi, 'assistants', flags.assistant, '--assistant'));
  const query = { createdAtGe, ...(assistantId ? { assistantId } : {}) };
  const { paginate, MAX_PAGE_LIMIT } = await import('@voxdesk/sdk');
  const calls = await withSpinner(deps.io, `Reading calls since ${query.createdAtGe}`, async () => {
    const all: Call[] = [];
    const pages = paginate<Call>('v1', (q) => vapi.calls.list(q), { ...query, limit: MAX_PAGE_LIMIT });
    for await (const call of pages) all.push(call);
    return all;
  });
  const rows = summarize(calls);
  if (rows.length === 0 && shaping.kind === 'table' && deps.io.isStdoutTTY) {
    deps.io.stderr.write(`No calls since ${query.createdAtGe}.\n`);
    return;
  }
  // why: a summary row is a plain object of strings and numbers, which is what printList reads.
  await printList(deps, COLUMNS, rows as unknown as Record<string, unknown>[], shaping);
}
