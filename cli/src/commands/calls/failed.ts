import { UsageError } from '../../errors.ts';
import { createdColumn, idColumn, pick, type Column } from '../../output/columns.ts';
import { jsonFields } from '../../output/json-fields.ts';
import { printList } from '../../output/print.ts';
import { shapingFor } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { sinceInstant } from '../since.ts';
import type { Deps } from '../shared.ts';
import type { ListCallsOpts } from './index.ts';
import { endedBadly } from './outcome.ts';
import { durationOf } from './summary.ts';

type Call = Record<string, unknown>;

/** The columns `calls summary` counts, one failed call a row. */
const COLUMNS: Column[] = [
  idColumn,
  { header: 'ASSISTANT', value: (call) => call.assistantId ?? '(none)', drop: 1 },
  { header: 'ENDED REASON', value: pick('endedReason'), whole: true },
  {
    header: 'COST',
    value: (call) => (typeof call.cost === 'number' ? `$${call.cost.toFixed(2)}` : ''),
    whole: true,
  },
  { header: 'MINUTES', value: (call) => (durationOf(call) / 60).toFixed(1), whole: true },
  createdColumn,
];

/**
 * `calls list --failed`: the calls of the window (`--since`, default 24h) whose ended reason is
 * a failure (as `calls watch` exits 5 for), newest first. Vapi cannot filter on ended reasons,
 * so every call of the window is read through the SDK's pager and filtered here.
 */
export async function failedCalls(flags: ListCallsOpts, deps: Deps): Promise<void> {
  const shaping = await shapingFor(deps, flags, jsonFields('calls'));
  if (flags.filter?.length)
    throw new UsageError('--failed takes --since and --limit; for other filters use `calls list --filter`');
  const createdAtGe = sinceInstant(flags.since ?? '24h', deps.now());
  const { vapi } = await deps.client();
  const { paginate, MAX_PAGE_LIMIT } = await import('@voxdesk/sdk');
  const failed = await withSpinner(deps.io, `Reading calls since ${createdAtGe}`, async () => {
    const found: Call[] = [];
    const pages = paginate<Call>('v1', (q) => vapi.calls.list(q), { createdAtGe, limit: MAX_PAGE_LIMIT });
    for await (const call of pages) if (endedBadly(call.endedReason)) found.push(call);
    return found;
  });
  const shown = flags.limit === undefined ? failed : failed.slice(0, flags.limit);
  if (shown.length === 0 && shaping.kind === 'table' && deps.io.isStdoutTTY) {
    deps.io.stderr.write(`No failed calls since ${createdAtGe}.\n`);
    return;
  }
  await printList(deps, COLUMNS, shown, shaping);
  if (deps.io.isStdoutTTY && shown.length < failed.length)
    deps.io.stderr.write(`showing ${shown.length} of ${failed.length} failed calls — use a larger --limit\n`);
}
