import type { Vapi } from '@voxdesk/sdk';
import { UsageError } from '../errors.ts';
import type { Deps } from './shared.ts';

/** Vapi's ids are UUIDs: those are used as given, with no lookup. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The resources a flag may name instead of giving the id. */
export type NamedKind = 'assistants' | 'squads';

type Named = { id?: unknown; name?: unknown };

/**
 * An id, or the id of the one `kind` record named `value` (`--assistant Reception`). A value
 * that is not a UUID is looked up (every page, through the SDK's pager): an id match wins, then
 * an exact name, then a name differing only in case. Several matches are refused, listing them;
 * no match passes the value through, so the API says what is wrong with it.
 */
export async function idForName(vapi: Vapi, kind: NamedKind, value: string, flag: string): Promise<string> {
  if (UUID.test(value)) return value;
  const { paginate, MAX_PAGE_LIMIT } = await import('@voxdesk/sdk');
  const records: Named[] = [];
  const list = (query: Record<string, unknown>) => vapi[kind].list(query) as Promise<Named[]>;
  for await (const record of paginate<Named>('v1', list, { limit: MAX_PAGE_LIMIT })) {
    if (record.id === value) return value;
    records.push(record);
  }
  const exact = records.filter((record) => record.name === value);
  const matches = exact.length
    ? exact
    : records.filter(
        (record) => typeof record.name === 'string' && record.name.toLowerCase() === value.toLowerCase(),
      );
  if (matches.length === 1) return String(matches[0]!.id);
  if (matches.length > 1)
    throw new UsageError(
      `${flag} ${value} names ${matches.length} ${kind}; give the id of one:\n${[...matches]
        .sort((a, b) => String(a.id).localeCompare(String(b.id)))
        .map((record) => `  ${String(record.id)}  ${String(record.name)}`)
        .join('\n')}`,
    );
  return value;
}

/**
 * `idForName` for a command's flags (e.g. `--assistant`, `--squad`): the client is made only
 * when some value needs a lookup, so UUIDs (and `--dry-run` with them) send nothing extra.
 */
export async function idsForNames(
  deps: Pick<Deps, 'client'>,
  values: { kind: NamedKind; flag: string; value: string | undefined }[],
): Promise<(string | undefined)[]> {
  if (values.every(({ value }) => value === undefined || UUID.test(value))) return values.map((v) => v.value);
  const { vapi } = await deps.client();
  const ids: (string | undefined)[] = [];
  for (const { kind, flag, value } of values)
    ids.push(value === undefined ? undefined : await idForName(vapi, kind, value, flag));
  return ids;
}
