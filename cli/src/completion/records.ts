import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readAccount } from '../client.ts';
import { completionCacheDir } from '../config-path.ts';
import type { Factory, GlobalOptions } from '../factory.ts';
import type { ResourceSpec } from '../commands/resources/catalog.ts';

/** One record as completion offers it: its id, what to show beside it, and a usable name. */
export interface CachedRecord {
  id: string;
  label: string;
  name?: string;
}

interface CacheFile {
  fetchedAt: number;
  /** The last fetch failed (offline, refused): stay quiet instead of dialling on every TAB. */
  failed?: boolean;
  records: CachedRecord[];
}

/** Records stay fresh this long: a TAB burst reads the disk, a new record shows within a minute. */
export const FRESH_MS = 60_000;
/** After a failed fetch, TABs stay silent (no network) this long. */
export const QUIET_MS = 10_000;
/** A TAB never waits longer than this for the API (a hung server, a dead link). */
export const FETCH_TIMEOUT_MS = 1500;
/** The newest this many: enough to pick from, small enough to fetch in one page. */
export const MAX_RECORDS = 500;

export { completionCacheDir as cacheDir } from '../config-path.ts';

/**
 * One file per account and resource. The name hashes the profile, the base URL and the token,
 * so two accounts never share candidates; the token itself is never written.
 */
function cachePath(env: Record<string, string | undefined>, key: string[], spec: ResourceSpec): string {
  const hash = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 32);
  return join(completionCacheDir(env), `${spec.name}-${hash}.json`);
}

async function readCache(path: string): Promise<CacheFile | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as CacheFile;
    return typeof parsed.fetchedAt === 'number' && Array.isArray(parsed.records) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Private (ids and names of the account), and written whole through a rename. */
async function writeCache(path: string, cache: CacheFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(cache), { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
/** A name a shell can take as one word (bash splits on spaces and colons). */
const WORD = /^[\w.@+-]+$/u;

function toRecords(items: Record<string, unknown>[]): CachedRecord[] {
  const count = new Map<string, number>();
  for (const item of items) {
    const name = text(item.name);
    if (name) count.set(name, (count.get(name) ?? 0) + 1);
  }
  return items.flatMap((item) => {
    const id = text(item.id);
    if (!id) return [];
    const name = text(item.name);
    const customer = (item.customer ?? {}) as Record<string, unknown>;
    const label = [name ?? text(customer.number) ?? text(item.number), text(item.status)]
      .filter(Boolean)
      .join(' · ');
    // A name used twice is refused by the commands (ambiguous): offer only the id then.
    const usable = name && WORD.test(name) && count.get(name) === 1 ? { name } : {};
    return [{ id, label, ...usable }];
  });
}

/**
 * The account's records of one resource for completion: from the cache when fresh, else
 * fetched through the profile's client and the SDK's pager (one short request, no retries).
 * Any failure is an empty list: a TAB never prints an error.
 */
export async function recordsFor(
  factory: Factory,
  account: Pick<GlobalOptions, 'profile' | 'baseUrl' | 'token'>,
  spec: ResourceSpec,
): Promise<CachedRecord[]> {
  // What commander gives the negated flags (`--no-retry`, `--no-pager`) when they are absent.
  const globals: GlobalOptions = { retry: true, pager: true, ...account };
  const { profileName, credentials } = await readAccount(factory, globals);
  if (!credentials.token) return [];
  const path = cachePath(factory.env, [profileName, credentials.baseUrl, credentials.token.token], spec);
  const now = factory.now().getTime();
  const cached = await readCache(path);
  const age = cached ? now - cached.fetchedAt : Infinity;
  if (cached && age >= 0 && age < (cached.failed ? QUIET_MS : FRESH_MS)) return cached.records;
  let fresh: CacheFile;
  try {
    const { vapi } = await factory.getClient({ ...globals, timeout: FETCH_TIMEOUT_MS, retries: 0 });
    const { fetchList } = await import('../commands/resources/list.ts');
    const { items } = await fetchList(vapi, vapi[spec.sdk], spec, { limit: MAX_RECORDS, query: {} });
    fresh = { fetchedAt: now, records: toRecords(items) };
  } catch {
    fresh = { fetchedAt: now, failed: true, records: [] };
  }
  await writeCache(path, fresh).catch(() => undefined);
  return fresh.records;
}
