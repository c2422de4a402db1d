import type { Vapi } from '@voxdesk/sdk';
import { CliError, UsageError } from '../../errors.ts';
import type { ResourceSpec } from './catalog.ts';
import type { CrudResource } from './handlers.ts';

export interface ListOptions {
  limit?: number;
  all?: boolean;
  json?: boolean;
  filter?: string[];
  /** Query fields with a flag of their own (`files list --purpose`), by field name. */
  [field: string]: unknown;
}

type Item = Record<string, unknown>;

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
function listQuery(spec: ResourceSpec, options: ListOptions): Record<string, string> {
  const query = filterQuery(options.filter ?? []);
  for (const { field } of spec.listFlags ?? []) {
    const value = options[field];
    if (typeof value === 'string') query[field] = value;
  }
  return query;
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
  const query = listQuery(spec, options);
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
