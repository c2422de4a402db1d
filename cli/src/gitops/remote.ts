/** The account's side: every resource of a kind through the SDK's pager, and the writes. */
import type { Vapi } from '@voxdesk/sdk';
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
  update(id: string, body: unknown, query?: Record<string, string>): Promise<unknown>;
};

export function crud(vapi: Vapi, kind: KindKey): Crud {
  const api: Resource = vapi[kind];
  const updateQuery = kindOf(kind).updateQuery;
  return {
    iterate: (query) => api.iterate(query),
    create: (body) => api.create(body),
    update: (id, body) => (updateQuery ? api.update(id, body, updateQuery(body)) : api.update(id, body)),
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
