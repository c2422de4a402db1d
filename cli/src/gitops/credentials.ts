/**
 * Credentials by name. Vapi names a stored credential by id (`credentialId`,
 * `credentialIds`), and ids differ per account; files write a name instead, and each
 * profile's `profiles/<profile>.yaml` maps the name to that account's id. Only those two
 * keys are read, at any depth: a credential name like `openai` must not replace the same
 * word in `model.provider`.
 */
import type { Path } from './schema.ts';

type Value = Record<string, unknown>;

/** A credential id as Vapi makes them: a UUID. A name is a file-name slug. */
export const CREDENTIAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isObject = (value: unknown): value is Value =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with every string at a `credentialId` or in a `credentialIds` list passed through `swap`. */
export function mapCredentials(
  value: unknown,
  swap: (text: string, path: Path) => string,
  path: Path = [],
): unknown {
  if (Array.isArray(value)) return value.map((item, index) => mapCredentials(item, swap, [...path, index]));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const at = [...path, key];
      if (key === 'credentialId' && typeof inner === 'string') return [key, swap(inner, at)];
      if (key === 'credentialIds' && Array.isArray(inner))
        return [
          key,
          (inner as unknown[]).map((item, index) =>
            typeof item === 'string' ? swap(item, [...at, index]) : item,
          ),
        ];
      return [key, mapCredentials(inner, swap, at)];
    }),
  );
}

/** Every credential reference of a file, with where it is written. */
export function credentialRefs(value: unknown): Array<{ path: Path; text: string }> {
  const out: Array<{ path: Path; text: string }> = [];
  mapCredentials(value, (text, path) => {
    out.push({ path, text });
    return text;
  });
  return out;
}

/** The account's ids as names (an id the map does not know stays an id). */
export function credentialsToNames<T>(value: T, credentials: Record<string, string>): T {
  const names = new Map(Object.entries(credentials).map(([name, id]) => [id, name]));
  return mapCredentials(value, (id) => names.get(id) ?? id) as T;
}

/** Names as this account's ids; `fallback` answers a name the map lacks (checks use a placeholder). */
export function credentialsToIds<T>(
  value: T,
  credentials: Record<string, string>,
  fallback: (name: string) => string = (name) => name,
): T {
  return mapCredentials(value, (name) => credentials[name] ?? fallback(name)) as T;
}

/**
 * Names for ids `pull` meets that the profile has no name for: `credential-<first 8 hex>`,
 * made unique. The operator maps the same name to the other accounts' ids.
 */
export function nameNewCredentials(
  value: unknown,
  credentials: Record<string, string>,
): Record<string, string> {
  const known = new Set(Object.values(credentials));
  const taken = new Set(Object.keys(credentials));
  const added: Record<string, string> = {};
  for (const { text } of credentialRefs(value)) {
    if (known.has(text) || !CREDENTIAL_ID.test(text)) continue;
    const base = `credential-${text.slice(0, 8).toLowerCase()}`;
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
    taken.add(name);
    known.add(text);
    added[name] = text;
  }
  return added;
}
