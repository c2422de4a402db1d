import type { Vapi } from '@voxdesk/sdk';
import { CliError, UsageError } from '../../errors.ts';
import { printEvent, printShaped } from '../../output/print.ts';
import { shapingFor } from '../../output/shape.ts';
import { startingWith } from '../first-page.ts';
import { pause, survivor } from '../poll.ts';
import { sinceInstant } from '../since.ts';
import type { Deps } from '../shared.ts';
import type { LogsOpts } from './index.ts';

type Log = Record<string, unknown>;

/** Vapi's log types, as the API spells them. */
const TYPES: Record<string, string> = { api: 'API', webhook: 'Webhook', call: 'Call', provider: 'Provider' };

const timeOf = (log: Log) => String(log.time ?? log.createdAt ?? '');
/** Logs carry no id; the whole record tells two entries of one millisecond apart. */
const keyOf = (log: Log) => (typeof log.id === 'string' ? log.id : JSON.stringify(log));

/**
 * The logs of an answer (an array, or a page's `results`); anything else is not a log list.
 * With everySince below, the one place that knows /logs' shapes: it is not in Vapi's document,
 * Vapi pages it (`{ results, metadata }`) and the fake answers a bare array.
 */
function itemsOf(answer: unknown): Log[] {
  if (Array.isArray(answer)) return answer as Log[];
  const results = (answer as { results?: unknown } | null)?.results;
  if (Array.isArray(results)) return results as Log[];
  const got = answer === undefined ? 'an empty body' : `JSON ${answer === null ? 'null' : typeof answer}`;
  throw new CliError(`unexpected response from GET /logs: expected a JSON array or { results }, got ${got}`);
}

/**
 * Every log matching `query`, through the SDK's pager (its page size, its de-duplication). A bare
 * array carries no paging, so it is the whole answer; a paged one goes on from its first page.
 */
async function everySince(vapi: Vapi, query: Record<string, string | number>): Promise<Log[]> {
  const answer: unknown = await vapi.logs.list(query);
  const first = itemsOf(answer);
  if (Array.isArray(answer)) return first;
  const { paginate } = await import('@voxdesk/sdk');
  const rows: Log[] = [];
  for await (const log of paginate<Log>(
    'pages',
    startingWith(answer, (q) => vapi.logs.list(q)),
    query,
  ))
    rows.push(log);
  return rows;
}

function line(log: Log, tty: boolean): string {
  const request = [log.requestHttpMethod, log.requestPath ?? log.requestUrl].filter(Boolean).join(' ');
  const cells = [
    timeOf(log),
    String(log.type ?? ''),
    request,
    String(log.responseHttpCode ?? ''),
    String(log.callId ?? ''),
  ];
  if (!tty) return cells.join('\t');
  const [time = '', level = '', ...rest] = cells;
  return [time.padEnd(24), level.padEnd(8), ...rest].filter(Boolean).join('  ').trimEnd();
}

export async function listLogs(flags: LogsOpts, factory: Deps): Promise<void> {
  // /logs is not in Vapi's document: no field list to check `--json a,b` against.
  const shaping = await shapingFor(factory, flags);
  const query: Record<string, string | number> = {};
  if (flags.type !== undefined) {
    const type = TYPES[flags.type.toLowerCase()];
    if (!type)
      throw new UsageError(`--type must be one of ${Object.keys(TYPES).join(', ')}, not "${flags.type}"`);
    query.type = type;
  }
  if (flags.call !== undefined) query.callId = flags.call;
  if (flags.since !== undefined) query.createdAtGe = sinceInstant(flags.since, factory.now());
  const { vapi } = await factory.client();
  const { io } = factory;
  // Newest first from the API, shown oldest first, as `tail` does.
  const first = itemsOf(
    await vapi.logs.list({ ...query, sortOrder: 'DESC', limit: flags.limit ?? 100 }),
  ).reverse();
  // Followed, each entry is an event: one JSON line, or one run of --jq/--template.
  const print = async (logs: Log[]) => {
    for (const log of logs) {
      if (shaping.kind === 'table') io.stdout.write(`${line(log, io.isStdoutTTY)}\n`);
      else await printEvent(factory, log, shaping);
    }
  };
  if (!flags.follow) {
    if (shaping.kind === 'table' && first.length === 0 && io.isStdoutTTY) io.stderr.write('No logs found.\n');
    else
      await printShaped(factory, first, shaping, async () =>
        first.map((log) => `${line(log, io.isStdoutTTY)}\n`).join(''),
      );
    return;
  }
  await print(first);
  const survive = survivor(factory, { interval: flags.interval, maxOutage: flags.maxOutage });
  // The follow's anchor: the newest time shown. `seen` holds only the entries of that
  // millisecond (the only ones createdAtGe can return again), so it stays small.
  let cursor =
    first.map(timeOf).filter(Boolean).sort().at(-1) ??
    String(query.createdAtGe ?? factory.now().toISOString());
  let seen = new Set(first.filter((log) => timeOf(log) === cursor).map(keyOf));
  for (;;) {
    await pause(factory, flags.interval);
    // Every page since the anchor (no cursor or page size of its own: the SDK's pager's).
    const next = await survive(async () =>
      (await everySince(vapi, { ...query, createdAtGe: cursor, sortOrder: 'ASC' })).filter(
        (log) => !seen.has(keyOf(log)),
      ),
    );
    await print(next);
    const newest = [cursor, ...next.map(timeOf)].filter(Boolean).sort().at(-1)!;
    if (newest !== cursor) seen = new Set();
    for (const log of next) if (timeOf(log) === newest) seen.add(keyOf(log));
    cursor = newest;
  }
}
