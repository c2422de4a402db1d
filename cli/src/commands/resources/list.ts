import type { Vapi } from '@voxdesk/sdk';
import { UsageError } from '../../errors.ts';
import type { ResourceSpec } from './catalog.ts';
import type { ApiRequest } from '../api-request.ts';
import type { CrudResource } from './handlers.ts';

export interface ListOptions {
  limit?: number;
  all?: boolean;
  json?: boolean;
  filter?: string[];
}

type Item = Record<string, unknown>;

function asItems(value: unknown): Item[] {
  if (Array.isArray(value)) return value as Item[];
  // Page-style answers carry their rows in `results`.
  if (value && typeof value === 'object' && Array.isArray((value as { results?: unknown }).results)) {
    return (value as { results: Item[] }).results;
  }
  return [];
}

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

/**
 * One page, or with `--all` every page: through the SDK's iterator for v1 lists, or by
 * following the same createdAt cursor for lists the SDK does not iterate.
 */
export async function fetchList(
  vapi: Vapi,
  resource: CrudResource,
  spec: ResourceSpec,
  options: ListOptions,
): Promise<Item[]> {
  const { limit, all } = options;
  if (spec.listing === 'none') {
    const answer = asItems(await resource.list());
    return limit !== undefined && !all ? answer.slice(0, limit) : answer;
  }
  const query: Record<string, string | number> = {
    ...filterQuery(options.filter ?? []),
    ...(limit !== undefined ? { limit } : {}),
  };
  const hasQuery = Object.keys(query).length > 0;
  if (all && spec.listing === 'v1' && resource.iterate) {
    const collected: Item[] = [];
    for await (const item of resource.iterate(query)) collected.push(item as Item);
    return collected;
  }
  if (all) {
    const [{ followPages }, { sdkRequest }] = await Promise.all([
      import('../api-paginate.ts'),
      import('../api-request.ts'),
    ]);
    const first: ApiRequest = {
      method: 'GET',
      path: spec.path,
      query: Object.entries(query).map(([key, value]) => [key, String(value)] as [string, string]),
      headers: {},
    };
    return asItems(await followPages((request) => vapi.request(sdkRequest(request)), first));
  }
  return asItems(await (hasQuery ? resource.list(query) : resource.list()));
}
