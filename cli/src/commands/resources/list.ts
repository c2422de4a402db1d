import type { Vapi } from '@voxdesk/sdk';
import { CliError, UsageError } from '../../errors.ts';
import { printList } from '../../output/print.ts';
import { withSpinner } from '../../output/spinner.ts';
import type { Deps } from '../shared.ts';
import type { ResourceSpec } from './catalog.ts';
import { resourceOf, shapingOfResource, type CrudResource, type Item } from './crud.ts';
import type { ListOpts } from './index.ts';

/** What the pager needs of the list's options. */
export type ListOptions = Pick<ListOpts, 'limit' | 'all' | 'filter' | 'query'>;

export async function list(opts: ListOpts, deps: Deps, spec: ResourceSpec): Promise<void> {
  const shaping = await shapingOfResource(deps, opts, spec);
  const { vapi, resource } = await resourceOf(deps, spec);
  const { items, more } = await withSpinner(deps.io, `Fetching ${spec.name}`, () =>
    fetchList(vapi, resource, spec, opts),
  );
  // An empty table on a terminal is just a header: say so in words instead.
  if (items.length === 0 && shaping.kind === 'table' && deps.io.isStdoutTTY) {
    deps.io.stderr.write(`No ${spec.name} found.\n`);
    return;
  }
  await printList(deps, spec.columns, items, shaping);
  // A list cut short, on a terminal (scripts read stdout and never see it): the pager says
  // whether more exist for certain or only may (a full page that ended the list exactly).
  if (deps.io.isStdoutTTY && more !== false) {
    const certainty = more ? 'more exist' : 'more may exist';
    deps.io.stderr.write(`showing ${items.length}; ${certainty} — use --all or a larger --limit\n`);
  }
}

/** The items to print, and whether the list goes on past them (`undefined`: it may). */
export interface ListResult {
  items: Item[];
  more: boolean | undefined;
}

/** What Vapi's lists return when no limit is given. */
const API_DEFAULT_LIMIT = 100;

/** `--filter assistantId=… --filter createdAtGt=2026-01-01` → query parameters. */
function filterQuery(filters: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const filter of filters) {
    const index = filter.indexOf('=');
    const key = filter.slice(0, index);
    if (index <= 0 || !/^[A-Za-z][\w.]*$/.test(key)) {
      throw new UsageError(`--filter expects field=value (e.g. --filter assistantId=<id>), got "${filter}"`);
    }
    if (key === 'limit') throw new UsageError('use --limit instead of --filter limit=…');
    query[key] = filter.slice(index + 1);
  }
  return query;
}

/** The list's query: `--filter` pairs plus the fields that have flags of their own. */
function listQuery(options: ListOptions): Record<string, string> {
  return { ...filterQuery(options.filter ?? []), ...options.query };
}

/**
 * A list's answer must be an array (the SDK checks the rows' promise; this guards the
 * paths it cannot, so a 200 of the wrong shape never prints as an empty list).
 */
function expectArray(value: unknown, spec: ResourceSpec): Item[] {
  if (Array.isArray(value)) return value as Item[];
  const got = value === undefined ? 'an empty body' : `JSON ${value === null ? 'null' : typeof value}`;
  throw new CliError(`unexpected response from GET ${spec.path}: expected a JSON array, got ${got}`);
}

/**
 * One request without `--limit` or `--all`. `--limit N` is a total: the SDK's pager reads
 * as many pages as N needs, asking for one item more than it shows so it knows whether
 * more exist. `--all` reads every page (`--limit` is then the page size). Lists that are
 * not paged (`files`) answer everything at once and `--limit` cuts what is shown.
 */
export async function fetchList(
  vapi: Vapi,
  resource: CrudResource,
  spec: ResourceSpec,
  options: ListOptions,
): Promise<ListResult> {
  const { limit, all } = options;
  const query = listQuery(options);
  const hasQuery = Object.keys(query).length > 0;
  if (spec.listing === 'none' || (!all && limit === undefined)) {
    const items = expectArray(await (hasQuery ? resource.list(query) : resource.list()), spec);
    if (spec.listing !== 'none') return { items, more: items.length < API_DEFAULT_LIMIT ? false : undefined };
    if (all || limit === undefined || items.length <= limit) return { items, more: false };
    return { items: items.slice(0, limit), more: true };
  }
  const { paginate, MAX_PAGE_LIMIT } = await import('@voxdesk/sdk');
  if (all && limit !== undefined && limit > MAX_PAGE_LIMIT) {
    throw new UsageError(
      `with --all, --limit is the page size: use a whole number from 1 to ${MAX_PAGE_LIMIT}`,
    );
  }
  const pageSize = all ? limit : Math.min((limit ?? API_DEFAULT_LIMIT) + 1, MAX_PAGE_LIMIT);
  let more: boolean | undefined;
  const items: Item[] = [];
  const pages = paginate<Item>(
    'v1',
    (page) => resource.list(page),
    { ...query, ...(pageSize !== undefined ? { limit: pageSize } : {}) },
    { ...(all ? {} : { maxItems: limit }), onEnd: (end) => (more = end.more) },
  );
  for await (const item of pages) items.push(item);
  return { items, more };
}
