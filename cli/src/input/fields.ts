import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.ts';

export type FieldValue = string | number | boolean | null | FieldValue[] | { [key: string]: FieldValue };
export type FieldObject = { [key: string]: FieldValue };

/** Splits `a[b][]` into ['a', 'b', '']; an empty segment means "append to an array". */
export function parseKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match)
    throw new UsageError(
      `invalid field name "${key}": use key, key[sub] or key[] (e.g. -f model[provider]=openai)`,
    );
  const [, head = '', rest = ''] = match;
  const segments = [head];
  for (const [, segment = ''] of rest.matchAll(/\[([^[\]]*)\]/g)) segments.push(segment);
  return segments;
}

function splitPair(pair: string, flag: string): [string, string] {
  const index = pair.indexOf('=');
  if (index <= 0) throw new UsageError(`${flag} expects key=value, got "${pair}"`);
  return [pair.slice(0, index), pair.slice(index + 1)];
}

/** Puts a value at a bracket path, creating objects and arrays on the way. */
function assign(target: FieldObject, segments: readonly string[], value: FieldValue, key: string): void {
  let node: FieldObject | FieldValue[] = target;
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const nextIsArray = !last && segments[index + 1] === '';
    if (Array.isArray(node)) {
      if (segment !== '') throw new UsageError(`field "${key}" mixes an array with named keys`);
      if (last) {
        node.push(value);
        return;
      }
      const child: FieldObject | FieldValue[] = nextIsArray ? [] : {};
      node.push(child);
      node = child;
      return;
    }
    if (segment === '') throw new UsageError(`field "${key}": [] must follow a name`);
    if (last) {
      node[segment] = value;
      return;
    }
    const existing: FieldValue | undefined = node[segment];
    if (existing === undefined) {
      const child: FieldObject | FieldValue[] = nextIsArray ? [] : {};
      node[segment] = child;
      node = child;
    } else if (existing !== null && typeof existing === 'object' && Array.isArray(existing) === nextIsArray) {
      node = existing;
    } else {
      throw new UsageError(`field "${key}" conflicts with an earlier field of the same name`);
    }
  });
}

export interface FieldSources {
  readFile?: (path: string) => Promise<string>;
  readStdin: () => Promise<string>;
}

/** `-F` values: numbers, true/false/null, `@file` (its text), `@-` (stdin); else a string. */
async function typedValue(raw: string, sources: FieldSources): Promise<FieldValue> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) return Number(raw);
  if (raw === '@-') return (await sources.readStdin()).replace(/\r?\n$/, '');
  if (raw.startsWith('@')) {
    const path = raw.slice(1);
    try {
      return await (sources.readFile ?? ((file) => readFile(file, 'utf8')))(path);
    } catch (error) {
      throw new UsageError(`cannot read ${raw}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  }
  return raw;
}

/** Builds one object from `-f key=value` (strings) and `-F key=value` (typed) flags, in order. */
export async function buildFields(
  flags: readonly { kind: 'raw' | 'typed'; pair: string }[],
  sources: FieldSources,
): Promise<FieldObject> {
  const result: FieldObject = {};
  for (const { kind, pair } of flags) {
    const [key, raw] = splitPair(pair, kind === 'raw' ? '-f/--raw-field' : '-F/--field');
    const value = kind === 'raw' ? raw : await typedValue(raw, sources);
    assign(result, parseKey(key), value, key);
  }
  return result;
}

/** Flattens nested fields into query parameters the way the API expects (`a[b]=c`). */
export function toQuery(fields: FieldObject): [string, string][] {
  const out: [string, string][] = [];
  const walk = (value: FieldValue, prefix: string) => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, `${prefix}[]`));
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, `${prefix}[${key}]`);
    } else out.push([prefix, String(value)]);
  };
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value) || (value !== null && typeof value === 'object')) walk(value, key);
    else out.push([key, String(value)]);
  }
  return out;
}
