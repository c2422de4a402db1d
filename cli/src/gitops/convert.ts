/**
 * Between a remote record and a file's value: server-owned fields out, ids ↔ file names,
 * secrets ↔ `${ENV}` placeholders, keys in the schema's order; and the field-level diff.
 */
import { credentialsToNames } from './credentials.ts';
import { anchorOf, idsToNames, type KindKey, type NameOf } from './kinds.ts';
import {
  childSchema,
  defaultOf,
  isSecretField,
  keyOrder,
  knownFields,
  rootSchema,
  serverOwned,
  valueAt,
  type Path,
  type Schema,
} from './schema.ts';

type Value = Record<string, unknown>;

/** A whole string value `${NAME}`: read from the environment when applying. */
export const PLACEHOLDER = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

const isObject = (value: unknown): value is Value =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]))
    );
  }
  return false;
}

export { valueAt };

/** `FRONT_DESK_TWILIO_AUTH_TOKEN` for `twilioAuthToken` of phone-numbers/front-desk. */
export function envName(fileName: string, path: Path): string {
  return [fileName, ...path.filter((key) => typeof key === 'string')]
    .join('_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/** What to write for a secret the server returned, at `path`. */
export type SecretWriter = (path: Path, remote: string) => string;

/** A remote record as its file holds it (credential ids as the profile's names for them). */
export function toFileValue(
  kind: KindKey,
  remote: Value,
  nameOf: NameOf,
  secret: SecretWriter,
  credentials: Record<string, string> = {},
): Value {
  const owned = serverOwned(kind, remote);
  // Also out: top-level fields the create schema does not take (the API answers more than
  // it documents); the file could not send them back.
  const root = rootSchema(kind, remote);
  const accepted = root ? new Set(keyOrder(root, remote)) : undefined;
  const kept = Object.fromEntries(
    Object.entries(remote).filter(([key]) => !owned.has(key) && (!accepted || accepted.has(key))),
  );
  const known = dropUnknown(rootSchema(kind, kept), dropNulls(kept), true) as Value;
  const hidden = hideSecrets(known, [], secret) as Value;
  return ordered(kind, idsToNames(kind, credentialsToNames(hidden, credentials), nameOf));
}

/**
 * Nested fields the document does not list where they sit are left out too: a file holding
 * them would be refused (they look like typos), and it could not send them back.
 */
function dropUnknown(schema: Schema | undefined, value: unknown, top = false): unknown {
  if (Array.isArray(value))
    return value.map((item, index) => dropUnknown(childSchema(schema, value, index), item));
  if (!isObject(value) || !schema) return value;
  const known = top ? undefined : knownFields(schema, value);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !known || known.has(key))
      .map(([key, inner]) => [key, dropUnknown(childSchema(schema, value, key), inner)]),
  );
}

/** Vapi answers `null` for a field that is not set: in a file, it is left out. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null && inner !== undefined)
      .map(([key, inner]) => [key, dropNulls(inner)]),
  );
}

/** Last words of a field name that say it holds a credential (`server.secret`, `authToken`, `x-api-key`). */
const SECRET_WORDS = new Set(['secret', 'password', 'passwd', 'passphrase', 'token', 'apikey', 'privatekey']);

/** `xApiKey`, `x-api-key`, `api_key` → `apikey`: the name's last word, with `api`/`private` joined to a `key`. */
function lastWord(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words.at(-1) ?? '';
  const before = words.at(-2);
  return last === 'key' && (before === 'api' || before === 'private') ? `${before}key` : last;
}

/**
 * Whether the string at `key` (inside `path`) holds a secret: a field the OpenAPI document
 * marks as one, any field named like a credential, and every header value (headers carry
 * API keys and bearer tokens under any name).
 */
export function isSecret(path: Path, key: string | number): boolean {
  if (typeof key !== 'string') return false;
  if (path.at(-1) === 'headers') return true;
  return isSecretField(key) || SECRET_WORDS.has(lastWord(key));
}

function hideSecrets(value: unknown, path: Path, secret: SecretWriter): unknown {
  if (Array.isArray(value)) return value.map((item, index) => hideSecrets(item, [...path, index], secret));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSecret(path, key) && typeof inner === 'string' && !PLACEHOLDER.test(inner)
        ? secret([...path, key], inner)
        : hideSecrets(inner, [...path, key], secret),
    ]),
  );
}

/** Keys in the order the schema lists them; keys it does not know after them, sorted. */
export function ordered(kind: KindKey, value: Value): Value {
  return orderValue(kind, rootSchema(kind, value), value, []) as Value;
}

function orderValue(kind: KindKey, schema: Schema | undefined, value: unknown, path: Path): unknown {
  if (Array.isArray(value))
    return value.map((item, index) =>
      orderValue(kind, childSchema(schema, value, index), item, [...path, index]),
    );
  if (!isObject(value)) return value;
  const known = keyOrder(schema, value);
  const rank = (key: string): number => {
    const index = known.indexOf(key);
    if (index !== -1) return index;
    const anchor = anchorOf(kind, path, key);
    const anchorIndex = anchor === undefined ? -1 : known.indexOf(anchor);
    return anchorIndex === -1 ? known.length : anchorIndex + 0.5;
  };
  const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(
    keys.map((key) => [key, orderValue(kind, childSchema(schema, value, key), value[key], [...path, key])]),
  );
}

export interface MissingVariable {
  path: Path;
  name: string;
}

/** Placeholders replaced by the environment's values; the ones not set are listed. */
export function resolvePlaceholders(
  value: unknown,
  env: Record<string, string | undefined>,
  path: Path = [],
  missing: MissingVariable[] = [],
): { value: unknown; missing: MissingVariable[] } {
  const walk = (inner: unknown, at: Path): unknown => {
    if (typeof inner === 'string') {
      const name = PLACEHOLDER.exec(inner)?.[1];
      if (!name) return inner;
      const resolved = env[name];
      if (resolved === undefined || resolved === '') missing.push({ path: at, name });
      return resolved ?? '';
    }
    if (Array.isArray(inner)) return inner.map((item, index) => walk(item, [...at, index]));
    if (isObject(inner))
      return Object.fromEntries(Object.entries(inner).map(([key, item]) => [key, walk(item, [...at, key])]));
    return inner;
  };
  return { value: walk(value, path), missing };
}

/**
 * The account's value with the file's `${NAME}` placeholders put back wherever the account
 * holds exactly the placeholder's value, in any field: the two then compare equal, so a
 * plan settles after apply. `differs` hears of each placeholder the account does not hold
 * (another value, or a variable not set); with `always` the placeholder is kept there too
 * (pull never turns a placeholder into a literal).
 */
export function keepPlaceholders(
  remote: unknown,
  local: unknown,
  env: Record<string, string | undefined>,
  options: { always?: boolean; differs?: (path: Path, name: string) => void } = {},
  path: Path = [],
): unknown {
  if (typeof local === 'string') {
    const name = PLACEHOLDER.exec(local)?.[1];
    // Unset, or already the placeholder (a secret written as one): nothing to put back.
    if (!name || remote === undefined || remote === local) return remote;
    const value = env[name];
    if (value !== undefined && value !== '' && value === remote) return local;
    options.differs?.(path, name);
    return options.always && (typeof remote === 'string' || remote === undefined) ? local : remote;
  }
  if (Array.isArray(local) && Array.isArray(remote))
    return remote.map((item, index) => keepPlaceholders(item, local[index], env, options, [...path, index]));
  if (isObject(local) && isObject(remote))
    return Object.fromEntries(
      Object.entries(remote).map(([key, inner]) => [
        key,
        key in local ? keepPlaceholders(inner, local[key], env, options, [...path, key]) : inner,
      ]),
    );
  return remote;
}

/** Keys that name a list's items, in the order they are tried. */
const ITEM_KEYS = ['id', 'name'];

/** The key every item of both lists has, distinct within each list; else undefined (compare by position). */
function listKey(before: unknown[], after: unknown[]): string | undefined {
  if (before.length === 0 || after.length === 0) return undefined;
  return ITEM_KEYS.find((key) =>
    [before, after].every((list) => {
      const values = list.map((item) => (isObject(item) ? item[key] : undefined));
      return values.every((value) => typeof value === 'string') && new Set(values).size === values.length;
    }),
  );
}

export interface FieldChange {
  path: Path;
  /** Absent: the field is added. */
  before?: unknown;
  /** Absent: the field is removed. */
  after?: unknown;
  /** The account changed this field since the last pull or apply: applying undoes that. */
  outside?: boolean;
}

/**
 * Field-level differences from `remote` to `local` (both file values). A field only the
 * server has is no change when it holds the schema's default or an empty list (the server
 * filled it in: a structured output's `assistantIds: []`), nor is a secret the server does
 * not return.
 */
export function diffValues(kind: KindKey, remote: Value, local: Value): FieldChange[] {
  const out: FieldChange[] = [];
  const walk = (before: unknown, after: unknown, schema: Schema | undefined, path: Path) => {
    if (deepEqual(before, after)) return;
    if (isObject(before) && isObject(after)) {
      const keys = [...Object.keys(after), ...Object.keys(before).filter((key) => !(key in after))];
      for (const key of keys) {
        const inner = childSchema(schema, after, key) ?? childSchema(schema, before, key);
        if (!(key in after) && (deepEqual(defaultOf(inner), before[key]) || deepEqual(before[key], [])))
          continue;
        if (!(key in before) && isSecret(path, key)) continue;
        walk(before[key], after[key], inner, [...path, key]);
      }
      return;
    }
    if (Array.isArray(before) && Array.isArray(after)) {
      const key = listKey(before, after);
      if (key) {
        // Items with names or ids are matched by them: inserting one shows one addition,
        // not a change of every item after it. A new order alone is one change of the list.
        const keyOf = (item: unknown) => (item as Value)[key] as string;
        const earlier = new Map(before.map((item, index) => [keyOf(item), index]));
        const kept = after.filter((item) => earlier.has(keyOf(item))).map(keyOf);
        const old = before.map(keyOf).filter((name) => kept.includes(name));
        if (!deepEqual(old, kept)) out.push({ path: [...path, '(order)'], before: old, after: kept });
        after.forEach((item, index) => {
          const at = earlier.get(keyOf(item));
          walk(at === undefined ? undefined : before[at], item, childSchema(schema, after, index), [
            ...path,
            index,
          ]);
        });
        const now = new Set(after.map(keyOf));
        before.forEach((item, index) => {
          if (!now.has(keyOf(item))) out.push({ path: [...path, index], before: item });
        });
        return;
      }
      // Item by item; items past the shorter list are added or removed.
      for (let index = 0; index < Math.max(before.length, after.length); index += 1) {
        const inner = childSchema(schema, index < after.length ? after : before, index);
        walk(before[index], after[index], inner, [...path, index]);
      }
      return;
    }
    out.push({
      path,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
    });
  };
  walk(remote, local, rootSchema(kind, local) ?? rootSchema(kind, remote), []);
  return out;
}
