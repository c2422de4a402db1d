/**
 * The fake's in-memory state: every stored resource lives in a collection keyed by its
 * concrete collection path ('/assistant', '/test-suite/<id>/test', …), then by id.
 * The common ones have named aliases (`state.assistants` is `collections.get('/assistant')`).
 */
import type { RecordedControl } from './live-calls.ts';

export interface FakeRecord {
  id: string;
  orgId?: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export type Collection = Map<string, FakeRecord>;

/** A file the fake hands out through a presigned-style URL. */
export interface StoredObject {
  body: Uint8Array;
  contentType: string;
  filename: string;
  /** The `X-Amz-Signature` its URL carries. */
  signature?: string;
}

/** One request the fake received, for assertions (headers lower-cased). */
export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  /** The body as text ('' when none), e.g. `JSON.parse(request.body)` to check a payload. */
  body: string;
}

export interface FakeVapiState {
  /** The organisation every record belongs to. */
  orgId: string;
  collections: Map<string, Collection>;
  assistants: Collection;
  calls: Collection;
  tokens: Collection;
  phoneNumbers: Collection;
  files: Collection;
  /** Objects behind presigned download URLs, by storage key. */
  objects: Map<string, StoredObject>;
  /** Requests received since the last reset, oldest first (the newest 10,000). */
  requests: RecordedRequest[];
  /** Control messages calls' `monitor.controlUrl` accepted since the last reset, oldest first. */
  controls: RecordedControl[];
}

/** Records to start from; missing `id`, `orgId`, `createdAt`, `updatedAt` are filled in. */
export interface FakeVapiSeed {
  assistants?: Array<Record<string, unknown>>;
  calls?: Array<Record<string, unknown>>;
  tokens?: Array<Record<string, unknown>>;
  phoneNumbers?: Array<Record<string, unknown>>;
  files?: Array<Record<string, unknown>>;
  /** Any other collection by its concrete path, e.g. `{ '/squad': [{ name: 'Front desk' }] }`. */
  collections?: Record<string, Array<Record<string, unknown>>>;
}

export const ALIASES = {
  assistants: '/assistant',
  calls: '/call',
  tokens: '/token',
  phoneNumbers: '/phone-number',
  files: '/file',
} as const;

/**
 * Timestamps strictly increase, even under fake timers or within one millisecond, so
 * "newest first" and `createdAtLt` cursors never tie, unless `sameMillisecond` is above 1:
 * then that many stamps in a row share one millisecond (a burst of records created at
 * once), the case pagers must survive.
 */
export function createClock(
  now: () => number = Date.now,
  sameMillisecond = 1,
): (() => string) & { newMillisecond(): void } {
  let last = 0;
  let used = sameMillisecond;
  const stamp = () => {
    if (used >= sameMillisecond) {
      last = Math.max(now(), last + 1);
      used = 0;
    }
    used += 1;
    return new Date(last).toISOString();
  };
  // After a reset the first records start a fresh batch, whatever the last test left.
  return Object.assign(stamp, { newMillisecond: () => void (used = sameMillisecond) });
}

export function createState(orgId: string): FakeVapiState {
  const collections = new Map<string, Collection>(Object.values(ALIASES).map((path) => [path, new Map()]));
  const named = (path: string) => collections.get(path) as Collection;
  return {
    orgId,
    collections,
    assistants: named(ALIASES.assistants),
    calls: named(ALIASES.calls),
    tokens: named(ALIASES.tokens),
    phoneNumbers: named(ALIASES.phoneNumbers),
    files: named(ALIASES.files),
    objects: new Map(),
    requests: [],
    controls: [],
  };
}

export function collection(state: FakeVapiState, path: string): Collection {
  let found = state.collections.get(path);
  if (!found) {
    found = new Map();
    state.collections.set(path, found);
  }
  return found;
}

/** Empty every store in place (callers may hold references to the Maps) and re-seed. */
export function resetState(state: FakeVapiState, seed: FakeVapiSeed | undefined, stamp: () => string): void {
  for (const [path, records] of state.collections) {
    records.clear();
    if (!Object.values<string>(ALIASES).includes(path)) state.collections.delete(path);
  }
  state.objects.clear();
  state.requests.length = 0;
  state.controls.length = 0;
  const add = (path: string, records: Array<Record<string, unknown>> | undefined) => {
    for (const fields of records ?? []) {
      const record = newRecord(state, fields, stamp);
      collection(state, path).set(record.id, record);
    }
  };
  for (const [name, path] of Object.entries(ALIASES)) add(path, seed?.[name as keyof typeof ALIASES]);
  for (const [path, records] of Object.entries(seed?.collections ?? {})) add(path, records);
  // A private key opens one organisation: `GET /org` answers it (an empty account's only
  // record that says whose it is).
  // Made without the clock, so seeded records' stamps are as they would be without it.
  if (!state.collections.get('/org')?.size) {
    const at = new Date(0).toISOString();
    const org = {
      id: state.orgId,
      orgId: state.orgId,
      name: 'Fake organisation',
      createdAt: at,
      updatedAt: at,
    };
    collection(state, '/org').set(org.id, org);
  }
}

/** A stored resource: the body's fields plus Vapi's bookkeeping fields. */
export function newRecord(
  state: FakeVapiState,
  fields: Record<string, unknown>,
  stamp: () => string,
): FakeRecord {
  const at = stamp();
  return {
    ...fields,
    id: typeof fields.id === 'string' ? fields.id : crypto.randomUUID(),
    orgId: typeof fields.orgId === 'string' ? fields.orgId : state.orgId,
    createdAt: typeof fields.createdAt === 'string' ? fields.createdAt : at,
    updatedAt: typeof fields.updatedAt === 'string' ? fields.updatedAt : at,
  };
}
