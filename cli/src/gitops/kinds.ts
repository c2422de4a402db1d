/**
 * The resource kinds `pull`/`diff`/`apply` manage, in dependency order, and the references
 * between them: in the API an assistant names its tools by id (`model.toolIds`), in a file
 * by file name (`tools: [book-appointment]`), so one folder fits every account.
 */
import type { Path } from './schema.ts';

export type KindKey = 'tools' | 'assistants' | 'squads' | 'phoneNumbers';

export interface Kind {
  key: KindKey;
  /** Folder under the gitops directory, and the word `--only` takes. */
  dir: 'tools' | 'assistants' | 'squads' | 'phone-numbers';
  label: string;
}

/** Creates and updates run in this order (a squad needs its assistants); deletes in reverse. */
export const KINDS: readonly Kind[] = [
  { key: 'tools', dir: 'tools', label: 'tool' },
  { key: 'assistants', dir: 'assistants', label: 'assistant' },
  { key: 'squads', dir: 'squads', label: 'squad' },
  { key: 'phoneNumbers', dir: 'phone-numbers', label: 'phone number' },
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

/** One id field of the API shape and the name field that replaces it in a file. */
interface Swap {
  idKey: string;
  nameKey: string;
  target: KindKey;
}

const PHONE_SWAPS: Swap[] = [
  { idKey: 'assistantId', nameKey: 'assistant', target: 'assistants' },
  { idKey: 'squadId', nameKey: 'squad', target: 'squads' },
];
const MEMBER_SWAP: Swap = { idKey: 'assistantId', nameKey: 'assistant', target: 'assistants' };

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

/** API shape → file shape. Ids of resources with no file stay ids. */
export function idsToNames(kind: KindKey, value: Value, nameOf: NameOf): Value {
  switch (kind) {
    case 'assistants': {
      const model = value.model;
      if (!isObject(model) || !Array.isArray(model.toolIds)) return value;
      const names: string[] = [];
      const unknown: unknown[] = [];
      for (const id of model.toolIds) {
        const name = typeof id === 'string' ? nameOf('tools', id) : undefined;
        if (name === undefined) unknown.push(id);
        else names.push(name);
      }
      if (names.length === 0) return value;
      const { toolIds: _ids, ...rest } = model;
      const out: Value = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] = key === 'model' ? (unknown.length ? { ...rest, toolIds: unknown } : rest) : inner;
        if (key === 'model') out.tools = names;
      }
      return out;
    }
    case 'squads':
      if (!Array.isArray(value.members)) return value;
      return {
        ...value,
        members: value.members.map((member) =>
          isObject(member) ? idToName(member, MEMBER_SWAP, nameOf) : member,
        ),
      };
    case 'phoneNumbers':
      return PHONE_SWAPS.reduce((object, swap) => idToName(object, swap, nameOf), value);
    default:
      return value;
  }
}

/** File shape → API shape; `idOf` answers every name (a placeholder when it has no id yet). */
export function namesToIds(kind: KindKey, value: Value, idOf: IdOf): Value {
  switch (kind) {
    case 'assistants': {
      if (!Array.isArray(value.tools)) return value;
      const { tools, ...rest } = value;
      const ids = (tools as unknown[]).map((name) => (typeof name === 'string' ? idOf('tools', name) : name));
      const model = isObject(rest.model) ? rest.model : {};
      const existing = Array.isArray(model.toolIds) ? model.toolIds : [];
      return { ...rest, model: { ...model, toolIds: [...existing, ...ids] } };
    }
    case 'squads':
      if (!Array.isArray(value.members)) return value;
      return {
        ...value,
        members: value.members.map((member) =>
          isObject(member) ? nameToId(member, MEMBER_SWAP, idOf) : member,
        ),
      };
    case 'phoneNumbers':
      return PHONE_SWAPS.reduce((object, swap) => nameToId(object, swap, idOf), value);
    default:
      return value;
  }
}

/** The file names a file refers to, with where each is written. */
export function referencesOf(kind: KindKey, value: Value): Reference[] {
  const out: Reference[] = [];
  if (kind === 'assistants' && Array.isArray(value.tools)) {
    value.tools.forEach((name, index) => {
      if (typeof name === 'string') out.push({ path: ['tools', index], target: 'tools', name });
    });
  }
  if (kind === 'squads' && Array.isArray(value.members)) {
    value.members.forEach((member, index) => {
      if (isObject(member) && typeof member.assistant === 'string')
        out.push({ path: ['members', index, 'assistant'], target: 'assistants', name: member.assistant });
    });
  }
  if (kind === 'phoneNumbers') {
    for (const swap of PHONE_SWAPS) {
      const name = value[swap.nameKey];
      if (typeof name === 'string') out.push({ path: [swap.nameKey], target: swap.target, name });
    }
  }
  return out;
}

/** The API field a top-level file field is sent in (`tools` travels inside `model`). */
export function apiKeyOf(kind: KindKey, fileKey: string): string {
  if (kind === 'assistants' && fileKey === 'tools') return 'model';
  if (kind === 'phoneNumbers') return PHONE_SWAPS.find((swap) => swap.nameKey === fileKey)?.idKey ?? fileKey;
  return fileKey;
}

/** Where a file-only key is written: next to the API key it stands for. */
export function anchorOf(kind: KindKey, path: Path, key: string): string | undefined {
  if (path.length === 0 && kind === 'assistants' && key === 'tools') return 'model';
  if (path.length === 0 && kind === 'phoneNumbers')
    return PHONE_SWAPS.find((swap) => swap.nameKey === key)?.idKey;
  return undefined;
}
