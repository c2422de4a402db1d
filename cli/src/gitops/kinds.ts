/**
 * The resource kinds `pull`/`diff`/`apply` manage, in dependency order, and the references
 * between them: in the API an assistant names its tools by id (`model.toolIds`), in a file
 * by file name (`tools: [book-appointment]`), so one folder fits every account. Each kind's
 * references are data (`LISTS`, `SWAPS`); the code below reads them for every kind.
 */
import { valueAt, type Path } from './schema.ts';

export type KindKey =
  'tools' | 'structuredOutputs' | 'assistants' | 'squads' | 'phoneNumbers' | 'evals' | 'testSuites';

export interface Kind {
  key: KindKey;
  /** Folder under the gitops directory, and the word `--only` takes. */
  dir: 'tools' | 'structured-outputs' | 'assistants' | 'squads' | 'phone-numbers' | 'evals' | 'test-suites';
  label: string;
  /**
   * The query an update (`PATCH`) of this kind needs besides its body, given the body.
   * Structured outputs: the document requires `schemaOverride`; `true` when the body
   * carries `schema` (the file's schema replaces the stored one), else `false`.
   */
  updateQuery?: (body: Record<string, unknown>) => Record<string, string>;
}

/**
 * Creates and updates run in this order (a squad needs its assistants); deletes in reverse.
 * A reference to a later kind (a structured output's `assistants`) is a back reference:
 * `apply` sends it in a second step, once its targets exist (see `lateKeys`).
 */
export const KINDS: readonly Kind[] = [
  { key: 'tools', dir: 'tools', label: 'tool' },
  {
    key: 'structuredOutputs',
    dir: 'structured-outputs',
    label: 'structured output',
    updateQuery: (body) => ({ schemaOverride: 'schema' in body ? 'true' : 'false' }),
  },
  { key: 'assistants', dir: 'assistants', label: 'assistant' },
  { key: 'squads', dir: 'squads', label: 'squad' },
  { key: 'phoneNumbers', dir: 'phone-numbers', label: 'phone number' },
  // Evals name nothing the API stores (their `target` is the file's own, for `eval run`).
  { key: 'evals', dir: 'evals', label: 'eval' },
  { key: 'testSuites', dir: 'test-suites', label: 'test suite' },
];

export function kindOf(key: KindKey): Kind {
  return KINDS.find((kind) => kind.key === key) as Kind;
}

/** A file name written in one file that stands for another resource's id. */
export interface Reference {
  /** Where the name sits in the file, e.g. `['tools', 0]`. */
  path: Path;
  target: KindKey;
  name: string;
}

type Value = Record<string, unknown>;
export type NameOf = (kind: KindKey, id: string) => string | undefined;
export type IdOf = (kind: KindKey, name: string) => string;

const isObject = (value: unknown): value is Value =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A top-level list of file names in a file that stands for an id list in the API shape,
 * possibly nested (`tools: [book-appointment]` ↔ `model.toolIds`).
 */
interface ListLink {
  fileKey: string;
  apiPath: [string, ...string[]];
  target: KindKey;
}

/** One id field of the API shape and the name field that replaces it in a file. */
interface Swap {
  idKey: string;
  nameKey: string;
  target: KindKey;
}

/**
 * Swaps inside each item of a top-level list (`members[].assistantId`), inside a top-level
 * object (`targetPlan.assistantId`), or at the top level.
 */
interface Swaps {
  inList?: string;
  inObject?: string;
  swaps: Swap[];
}

const LISTS: Partial<Record<KindKey, ListLink[]>> = {
  structuredOutputs: [{ fileKey: 'assistants', apiPath: ['assistantIds'], target: 'assistants' }],
  assistants: [
    { fileKey: 'tools', apiPath: ['model', 'toolIds'], target: 'tools' },
    {
      fileKey: 'structuredOutputs',
      apiPath: ['artifactPlan', 'structuredOutputIds'],
      target: 'structuredOutputs',
    },
  ],
};

const SWAPS: Partial<Record<KindKey, Swaps>> = {
  squads: {
    inList: 'members',
    swaps: [{ idKey: 'assistantId', nameKey: 'assistant', target: 'assistants' }],
  },
  phoneNumbers: {
    swaps: [
      { idKey: 'assistantId', nameKey: 'assistant', target: 'assistants' },
      { idKey: 'squadId', nameKey: 'squad', target: 'squads' },
    ],
  },
  testSuites: {
    inObject: 'targetPlan',
    swaps: [
      { idKey: 'assistantId', nameKey: 'assistant', target: 'assistants' },
      { idKey: 'phoneNumberId', nameKey: 'phoneNumber', target: 'phoneNumbers' },
    ],
  },
};

const listsOf = (kind: KindKey): ListLink[] => LISTS[kind] ?? [];
/** The container the swaps sit in: a list's items, one object, or (undefined) the top level. */
const containerOf = (spec: Swaps | undefined): string | undefined => spec?.inList ?? spec?.inObject;
const topSwapsOf = (kind: KindKey): Swap[] => (containerOf(SWAPS[kind]) ? [] : (SWAPS[kind]?.swaps ?? []));

/** In place: an id field of a known resource becomes its name field, at the same position. */
function idToName(object: Value, swap: Swap, nameOf: NameOf): Value {
  const id = object[swap.idKey];
  const name = typeof id === 'string' ? nameOf(swap.target, id) : undefined;
  if (name === undefined) return object;
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => (key === swap.idKey ? [swap.nameKey, name] : [key, value])),
  );
}

function nameToId(object: Value, swap: Swap, idOf: IdOf): Value {
  const name = object[swap.nameKey];
  if (typeof name !== 'string') return object;
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) =>
      key === swap.nameKey ? [swap.idKey, idOf(swap.target, name)] : [key, value],
    ),
  );
}

function applySwaps(kind: KindKey, value: Value, swap: (object: Value, one: Swap) => Value): Value {
  const spec = SWAPS[kind];
  if (!spec) return value;
  const all = (object: Value) => spec.swaps.reduce(swap, object);
  if (spec.inObject) {
    const inner = value[spec.inObject];
    return isObject(inner) ? { ...value, [spec.inObject]: all(inner) } : value;
  }
  if (!spec.inList) return all(value);
  const list = value[spec.inList];
  if (!Array.isArray(list)) return value;
  return { ...value, [spec.inList]: list.map((item: unknown) => (isObject(item) ? all(item) : item)) };
}

/** `value` with the object at `path` replaced (an empty nested object is left out). */
function withAt(value: Value, path: string[], inner: unknown): Value {
  const [head, ...rest] = path as [string, ...string[]];
  const next = rest.length ? withAt(isObject(value[head]) ? value[head] : {}, rest, inner) : inner;
  const drop = next === undefined || (rest.length > 0 && isObject(next) && Object.keys(next).length === 0);
  const { [head]: _old, ...others } = value;
  return drop ? others : { ...others, [head]: next };
}

/** API ids at a link's path → the link's file key (next to the API key, or in its place). */
function listToNames(value: Value, link: ListLink, nameOf: NameOf): Value {
  const ids = valueAt(value, link.apiPath);
  if (!Array.isArray(ids)) return value;
  const names: string[] = [];
  const unknown: unknown[] = [];
  for (const id of ids) {
    const name = typeof id === 'string' ? nameOf(link.target, id) : undefined;
    if (name === undefined) unknown.push(id);
    else names.push(name);
  }
  if (names.length === 0) return value;
  const stripped = withAt(value, link.apiPath, unknown.length ? unknown : undefined);
  const [top] = link.apiPath;
  const out: Value = {};
  let placed = false;
  for (const key of Object.keys(value)) {
    if (key in stripped) out[key] = stripped[key];
    if (key === top) {
      out[link.fileKey] = names;
      placed = true;
    }
  }
  if (!placed) out[link.fileKey] = names;
  return out;
}

function listToIds(value: Value, link: ListLink, idOf: IdOf): Value {
  const names = value[link.fileKey];
  if (!Array.isArray(names)) return value;
  const { [link.fileKey]: _names, ...rest } = value;
  const ids = names.map((name: unknown) => (typeof name === 'string' ? idOf(link.target, name) : name));
  const existing = valueAt(rest, link.apiPath);
  const before: unknown[] = Array.isArray(existing) ? existing : [];
  return withAt(rest, link.apiPath, [...before, ...ids]);
}

/** API shape → file shape. Ids of resources with no file stay ids. */
export function idsToNames(kind: KindKey, value: Value, nameOf: NameOf): Value {
  const listed = listsOf(kind).reduce((object, link) => listToNames(object, link, nameOf), value);
  return applySwaps(kind, listed, (object, swap) => idToName(object, swap, nameOf));
}

/** File shape → API shape; `idOf` answers every name (a placeholder when it has no id yet). */
export function namesToIds(kind: KindKey, value: Value, idOf: IdOf): Value {
  const listed = listsOf(kind).reduce((object, link) => listToIds(object, link, idOf), value);
  return applySwaps(kind, listed, (object, swap) => nameToId(object, swap, idOf));
}

/** The file names a file refers to, with where each is written. */
export function referencesOf(kind: KindKey, value: Value): Reference[] {
  const out: Reference[] = [];
  for (const link of listsOf(kind)) {
    const names = value[link.fileKey];
    if (!Array.isArray(names)) continue;
    names.forEach((name, index) => {
      if (typeof name === 'string') out.push({ path: [link.fileKey, index], target: link.target, name });
    });
  }
  const spec = SWAPS[kind];
  if (spec?.inObject) {
    const inner = value[spec.inObject];
    for (const swap of spec.swaps)
      if (isObject(inner) && typeof inner[swap.nameKey] === 'string')
        out.push({
          path: [spec.inObject, swap.nameKey],
          target: swap.target,
          name: inner[swap.nameKey] as string,
        });
  } else if (spec?.inList) {
    const list = value[spec.inList];
    if (Array.isArray(list))
      list.forEach((item, index) => {
        for (const swap of spec.swaps)
          if (isObject(item) && typeof item[swap.nameKey] === 'string')
            out.push({
              path: [spec.inList as string, index, swap.nameKey],
              target: swap.target,
              name: item[swap.nameKey] as string,
            });
      });
  } else {
    for (const swap of topSwapsOf(kind)) {
      const name = value[swap.nameKey];
      if (typeof name === 'string') out.push({ path: [swap.nameKey], target: swap.target, name });
    }
  }
  return out;
}

/** The file's top-level lists of names, for "must be a list of … file names" checks. */
export function nameLists(kind: KindKey): Array<{ fileKey: string; target: KindKey }> {
  return listsOf(kind).map(({ fileKey, target }) => ({ fileKey, target }));
}

/** The API field a top-level file field is sent in (`tools` travels inside `model`). */
export function apiKeyOf(kind: KindKey, fileKey: string): string {
  const link = listsOf(kind).find((entry) => entry.fileKey === fileKey);
  if (link) return link.apiPath[0];
  return topSwapsOf(kind).find((swap) => swap.nameKey === fileKey)?.idKey ?? fileKey;
}

/** Where a file-only key is written: next to the API key it stands for. */
export function anchorOf(kind: KindKey, path: Path, key: string): string | undefined {
  if (path.length !== 0) return undefined;
  const link = listsOf(kind).find((entry) => entry.fileKey === key);
  if (link) return link.apiPath[0];
  return topSwapsOf(kind).find((swap) => swap.nameKey === key)?.idKey;
}

/**
 * Top-level file keys that refer to a later kind (a structured output's `assistants`):
 * their targets may not exist when this kind is created, so `apply` sends them afterwards.
 */
export function lateKeys(kind: KindKey): string[] {
  const order = (key: KindKey) => KINDS.findIndex((entry) => entry.key === key);
  const late = (target: KindKey) => order(target) > order(kind);
  const keys = listsOf(kind)
    .filter((link) => late(link.target))
    .map((link) => link.fileKey);
  const spec = SWAPS[kind];
  if (spec?.swaps.some((swap) => late(swap.target))) {
    const container = containerOf(spec);
    if (container) keys.push(container);
    else keys.push(...spec.swaps.filter((swap) => late(swap.target)).map((swap) => swap.nameKey));
  }
  return keys;
}

/**
 * A file-shape path for a path of the API shape (`model.toolIds[2]` is `tools[…]` in the
 * file, after the ids the file writes as ids itself).
 */
export function filePathOf(kind: KindKey, value: Value, path: Path): Path {
  for (const link of listsOf(kind)) {
    if (!Array.isArray(value[link.fileKey])) continue;
    if (!link.apiPath.every((key, index) => path[index] === key)) continue;
    const own = valueAt(value, link.apiPath);
    const offset = Array.isArray(own) ? own.length : 0;
    const at = path[link.apiPath.length];
    const index = typeof at === 'number' ? at - offset : -1;
    return index >= 0 ? [link.fileKey, index, ...path.slice(link.apiPath.length + 1)] : path;
  }
  const spec = SWAPS[kind];
  for (const swap of spec?.swaps ?? []) {
    if (spec?.inList && path[0] === spec.inList && path[2] === swap.idKey)
      return [spec.inList, path[1] as number, swap.nameKey, ...path.slice(3)];
    if (spec?.inObject && path[0] === spec.inObject && path[1] === swap.idKey)
      return [spec.inObject, swap.nameKey, ...path.slice(2)];
    if (!containerOf(spec) && path[0] === swap.idKey && !(swap.idKey in value))
      return [swap.nameKey, ...path.slice(1)];
  }
  return path;
}
