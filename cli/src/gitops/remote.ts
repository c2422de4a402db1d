/** The account's side: every resource of a kind through the SDK's pager, and the writes. */
import type { RequestOptions, Vapi } from '@voxdesk/sdk';
import { kindOf, type KindKey } from './kinds.ts';

export type RemoteRecord = Record<string, unknown> & { id: string };

/** The SDK methods `apply` uses; every kind's resource class has them. */
interface Crud {
  iterate(query?: { limit?: number }): AsyncIterable<unknown>;
  create(body: unknown): Promise<unknown>;
  update(id: string, body: Record<string, unknown>): Promise<unknown>;
  delete(id: string): Promise<unknown>;
}

/** A resource class: `update` takes a required query third where the row says so. */
type Resource = Omit<Crud, 'update'> & {
  update(id: string, body: unknown, queryOrOptions?: object, options?: RequestOptions): Promise<unknown>;
};

/**
 * An update sends whole fields, so sending it again changes nothing: it opts in to the
 * transport's retries (429 with Retry-After, 5xx), enough to ride out a rate limit's window
 * many times over. Creates do not: a retried create could make two (apply adopts instead).
 */
const UPDATE_RETRY: RequestOptions = { retry: { limit: 10 } };

export function crud(vapi: Vapi, kind: KindKey): Crud {
  const api: Resource = vapi[kind];
  const updateQuery = kindOf(kind).updateQuery;
  return {
    iterate: (query) => api.iterate(query),
    create: (body) => api.create(body),
    update: (id, body) =>
      updateQuery
        ? api.update(id, body, updateQuery(body), UPDATE_RETRY)
        : api.update(id, body, UPDATE_RETRY),
    delete: (id) => api.delete(id),
  };
}

/** All resources of a kind, by id (the pager reads every page, newest first). */
export async function listRemote(vapi: Vapi, kind: KindKey): Promise<Map<string, RemoteRecord>> {
  const out = new Map<string, RemoteRecord>();
  for await (const item of crud(vapi, kind).iterate({ limit: 1000 })) {
    const record = item as RemoteRecord;
    if (typeof record?.id === 'string') out.set(record.id, record);
  }
  return out;
}

/** The text a resource's file name comes from, and the name adopt-by-name matches on. */
export function titleOf(kind: KindKey, record: Record<string, unknown>): string {
  const fn = record.function as { name?: unknown } | undefined;
  const candidates =
    kind === 'tools'
      ? [record.name, fn?.name, record.type]
      : kind === 'phoneNumbers'
        ? [record.name, record.number, record.sipUri]
        : [record.name];
  const found = candidates.find((value) => typeof value === 'string' && value.trim() !== '');
  return typeof found === 'string' ? found : `${kind}-${String(record.id ?? '').slice(0, 8)}`;
}
