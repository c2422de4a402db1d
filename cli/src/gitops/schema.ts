/**
 * What the OpenAPI document says about the files: which create schema a resource is
 * validated against, which fields the server owns, which hold secrets, the order keys are
 * written in and the defaults the server fills in. The data is generated from Vapi's
 * document by cli/scripts/gitops-schemas.ts (generated/schemas.json).
 *
 * It is also the CLI's one body validator: `validateResource` checks an as-code file,
 * `validateBody` the JSON body of a resource verb (`assistants create --data`), both with
 * the same ajv validators and the same messages.
 */
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import data from './generated/schemas.json' with { type: 'json' };
import { E164_MESSAGE, isE164 } from '../input/e164.ts';
import { closest } from '../input/suggest.ts';
import type { KindKey } from './kinds.ts';

export type Schema = Record<string, unknown>;
export type Path = Array<string | number>;

interface Variant {
  create: string;
  serverOwned: string[];
}
interface KindSchemas {
  discriminator?: string;
  variants: Record<string, Variant>;
}

/** A JSON body the CLI sends: its variants' schemas by tag, or by name when untagged. */
interface BodySchemas {
  discriminator?: string;
  variants: Record<string, string>;
}
const kinds = data.kinds as Record<KindKey, KindSchemas>;
/** By operation: `assistants.create`, `tools.update`, … */
const bodies = data.bodies as Record<string, BodySchemas>;
const schemas = data.schemas as Record<string, Schema>;
const secretFields = new Set<string>(data.secretFields);

/** The field that picks a kind's variant (`type` for tools), if it has variants. */
export function discriminatorOf(kind: KindKey): string | undefined {
  return kinds[kind].discriminator;
}

/** The variant a resource is (its `type` or `provider`); undefined when unknown. */
export function variantOf(kind: KindKey, value: Record<string, unknown>): Variant | undefined {
  const field = kinds[kind].discriminator;
  if (!field) return kinds[kind].variants[''];
  const tag = value[field];
  return typeof tag === 'string' ? kinds[kind].variants[tag] : undefined;
}

export function variantNames(kind: KindKey): string[] {
  return Object.keys(kinds[kind].variants);
}

/** Fields in the response schema that the create schema does not take: id, orgId, status… */
export function serverOwned(kind: KindKey, value: Record<string, unknown>): Set<string> {
  const variant = variantOf(kind, value);
  const all = Object.values(kinds[kind].variants).flatMap((entry) => entry.serverOwned);
  return new Set(variant?.serverOwned ?? all);
}

/** A property that holds a credential or server secret (written as a `${ENV}` placeholder). */
export function isSecretField(key: string | number): boolean {
  return typeof key === 'string' && secretFields.has(key);
}

export function rootSchema(kind: KindKey, value: Record<string, unknown>): Schema | undefined {
  const variant = variantOf(kind, value);
  return variant ? schemas[variant.create] : undefined;
}

function deref(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops += 1) {
    current = schemas[current.$ref.split('/').pop() as string];
  }
  return current;
}

/** A schema and the schemas it stands for (allOf members, the union branch `value` fits). */
function alternatives(schema: Schema | undefined, value: unknown): Schema[] {
  const resolved = deref(schema);
  if (!resolved) return [];
  const out = [resolved];
  for (const member of (resolved.allOf as Schema[] | undefined) ?? [])
    out.push(...alternatives(member, value));
  const union = (resolved.oneOf ?? resolved.anyOf) as Schema[] | undefined;
  if (union) {
    const branch = pickBranch(
      union.map((entry) => deref(entry)).filter((entry): entry is Schema => entry !== undefined),
      value,
    );
    if (branch) out.push(...alternatives(branch, value));
  }
  return out;
}

/**
 * The union branch `value` is: the first whose tags it carries, preferring one that lists
 * every field it has (an eval's assistant turn is a mock or, with `judgePlan`, a judged one:
 * both are tagged `role: assistant`).
 */
function pickBranch(branches: Schema[], value: unknown): Schema | undefined {
  const fitting = branches.filter((branch) => fitsTags(branch, value));
  const listed = (branch: Schema) => Object.keys((branch.properties as Schema | undefined) ?? {});
  const listsAll = (branch: Schema) =>
    Object.keys(value as object).every((key) => listed(branch).includes(key));
  return fitting.find(listsAll) ?? fitting[0];
}

/** Whether `value` carries the single-value enums (`provider: openai`) of a union branch. */
function fitsTags(branch: Schema, value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const properties = (branch.properties ?? {}) as Record<string, Schema>;
  const tags = Object.entries(properties).filter(
    ([, property]) => Array.isArray(property.enum) && property.enum.length === 1,
  );
  if (tags.length === 0) return false;
  return tags.every(([key, property]) => {
    const actual = (value as Record<string, unknown>)[key];
    return actual === undefined || (property.enum as unknown[]).includes(actual);
  });
}

/** The schema of `value[key]`, given the schema of `value` (undefined when unknown). */
export function childSchema(
  schema: Schema | undefined,
  value: unknown,
  key: string | number,
): Schema | undefined {
  for (const candidate of alternatives(schema, value)) {
    if (typeof key === 'number') {
      if (candidate.items) return candidate.items as Schema;
    } else {
      const property = (candidate.properties as Record<string, Schema> | undefined)?.[key];
      if (property) return property;
    }
  }
  return undefined;
}

/** The keys of an object schema in the document's order. */
export function keyOrder(schema: Schema | undefined, value: unknown): string[] {
  const keys: string[] = [];
  for (const candidate of alternatives(schema, value))
    for (const key of Object.keys((candidate.properties as Schema | undefined) ?? {}))
      if (!keys.includes(key)) keys.push(key);
  return keys;
}

/**
 * The fields an object schema takes, or undefined when it takes any (no properties listed,
 * or `additionalProperties` allowed: a map such as `headers`, or a union no branch fits).
 */
export function knownFields(schema: Schema | undefined, value: unknown): Set<string> | undefined {
  const candidates = alternatives(schema, value);
  if (
    candidates.some(
      (candidate) => candidate.additionalProperties !== undefined && candidate.additionalProperties !== false,
    )
  )
    return undefined;
  const keys = keyOrder(schema, value);
  return keys.length ? new Set(keys) : undefined;
}

/**
 * Fields below the top level that the document does not list where they are written
 * (`model.temprature`), with the nearest known field: sent as is, the API would ignore them.
 */
function unknownNestedFields(root: Schema | undefined, value: Record<string, unknown>): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const walk = (schema: Schema | undefined, inner: unknown, path: Path) => {
    if (!schema || inner === null || typeof inner !== 'object') return;
    if (Array.isArray(inner)) {
      inner.forEach((item, index) => walk(childSchema(schema, inner, index), item, [...path, index]));
      return;
    }
    const known = path.length ? knownFields(schema, inner) : undefined;
    for (const [key, item] of Object.entries(inner)) {
      if (known && !known.has(key)) {
        const near = closest(key, known);
        out.push({
          path: [...path, key],
          message: `is not a field of ${String(path.at(-1))}${near ? ` (did you mean ${near}?)` : ' (check the spelling)'}`,
        });
        continue;
      }
      walk(childSchema(schema, inner, key), item, [...path, key]);
    }
  };
  walk(root, value, []);
  return out;
}

/** The `default` the document gives a field (what the server fills in when it is left out). */
export function defaultOf(schema: Schema | undefined): unknown {
  for (const candidate of alternatives(schema, undefined))
    if ('default' in candidate) return candidate.default;
  return undefined;
}

let validators: Readonly<Record<string, ValidateFunction | undefined>> | undefined;

function validator(name: string): ValidateFunction {
  // ajv's precompiled code for every schema (cli/scripts/body-validators.ts): compiling an
  // assistant's schema, which reaches some 200 others, took about a second of CPU per run.
  // Beside this file in src/gitops, beside the chunk in dist/ (copied by tsup.config.ts).
  validators ??= createRequire(import.meta.url)('./generated/validators.cjs') as Record<
    string,
    ValidateFunction | undefined
  >;
  const fn = validators[name];
  // A programming error: schemas.json and validators.js are generated together.
  if (!fn) throw new Error(`no validator for ${name}: run npm run generate -w @voxdesk/cli`);
  return fn;
}

export interface SchemaProblem {
  path: Path;
  message: string;
}

/** Problems of a resource against its create schema, each at the path it concerns. */
export function validateResource(kind: KindKey, value: Record<string, unknown>): SchemaProblem[] {
  const field = kinds[kind].discriminator;
  const variant = variantOf(kind, value);
  if (!variant) {
    const allowed = variantNames(kind).join(', ');
    return [
      {
        path: field ? [field] : [],
        message: field ? `must be one of: ${allowed}` : `no schema for this resource`,
      },
    ];
  }
  return [...validateAgainst(variant.create, value), ...proseRules(kind, value)];
}

/**
 * Problems of the JSON body of a resource verb (`tools create --data …`). An update needs at
 * least one field; its variants carry no tag (the stored resource has it), so it passes when
 * one variant takes it, and is explained through the one it fits best.
 */
export function validateBody(operation: string, value: unknown): SchemaProblem[] {
  const body = bodies[operation];
  // A programming error (a verb without its row in the generator's BODIES), not the user's.
  if (!body) throw new Error(`no body schema for ${operation}: add it to cli/scripts/gitops-schemas.ts`);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return [
      {
        path: [],
        message: `must be a JSON object, not ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`,
      },
    ];
  const fields = value as Record<string, unknown>;
  if (operation.endsWith('.update') && Object.keys(fields).length === 0)
    return [{ path: [], message: 'nothing to change: give at least one field' }];
  const { discriminator, variants } = body;
  let names = Object.values(variants);
  if (discriminator) {
    const tag = fields[discriminator];
    const name = typeof tag === 'string' ? variants[tag] : undefined;
    if (!name)
      return [{ path: [discriminator], message: `must be one of: ${Object.keys(variants).join(', ')}` }];
    names = [name];
  }
  const resource = operation.slice(0, operation.indexOf('.'));
  if (names.length === 0) return proseRules(resource, fields);
  const found = names.map((name) => [...validateAgainst(name, fields), ...proseRules(resource, fields)]);
  // None fits: explain through the variant that knows every top-level field (a tool update
  // with `function` is a function tool's), then the one with the fewest problems.
  const misfit = (list: SchemaProblem[]) =>
    list.filter(
      (problem) => problem.path.length === 1 && problem.message.startsWith('is not a field of this'),
    ).length;
  const best = (a: SchemaProblem[], b: SchemaProblem[]) => misfit(a) - misfit(b) || a.length - b.length;
  return found.find((list) => list.length === 0) ?? found.sort(best)[0] ?? [];
}

/** A value against one schema of the document, top-level typos with the nearest field. */
function validateAgainst(schemaName: string, value: Record<string, unknown>): SchemaProblem[] {
  const root = schemas[schemaName];
  const found = problems(schemaName, value, []).map((problem) =>
    problem.message === TOP_LEVEL_UNKNOWN ? withSuggestion(root, value, problem) : problem,
  );
  return [...found, ...unknownNestedFields(root, value)];
}

/**
 * What the document leaves to prose: a phone number's or a call's customer's `number` is
 * E.164 unless `numberE164CheckEnabled: false` (allowed for numbers on a SIP trunk), and a
 * squad has at least one member.
 */
function proseRules(resource: string, value: Record<string, unknown>): SchemaProblem[] {
  const e164 = (holder: unknown, path: Path): SchemaProblem[] => {
    const { number, numberE164CheckEnabled } = (holder ?? {}) as Record<string, unknown>;
    if (typeof number !== 'string' || numberE164CheckEnabled === false || isE164(number)) return [];
    return [{ path: [...path, 'number'], message: E164_MESSAGE }];
  };
  if (resource === 'phoneNumbers') return e164(value, []);
  if (resource === 'calls') return e164(value.customer, ['customer']);
  if (resource === 'squads' && Array.isArray(value.members) && value.members.length === 0)
    return [{ path: ['members'], message: 'a squad needs at least one member' }];
  return [];
}

const TOP_LEVEL_UNKNOWN = 'is not a field of this resource (check the spelling)';

function withSuggestion(
  root: Schema | undefined,
  value: Record<string, unknown>,
  problem: SchemaProblem,
): SchemaProblem {
  const near = closest(String(problem.path.at(-1)), keyOrder(root, value));
  return near ? { ...problem, message: `is not a field of this resource (did you mean ${near}?)` } : problem;
}

function problems(schemaName: string, value: unknown, prefix: Path): SchemaProblem[] {
  const validate = validator(schemaName);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  // A union (`model` is one of 30 providers) reports every branch's complaints; keep the
  // union's own error and explain it through the branch the value's tag picks.
  const unions = errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf');
  const out: SchemaProblem[] = [];
  for (const error of errors) {
    const inside = (union: ErrorObject) =>
      union !== error &&
      (error.instancePath === union.instancePath || error.instancePath.startsWith(`${union.instancePath}/`));
    if (unions.some(inside)) continue;
    const path = [...prefix, ...pointer(error.instancePath)];
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') {
      out.push(...explainUnion(error, value, path, prefix));
      continue;
    }
    out.push({ path: pathOf(error, path), message: messageOf(error) });
  }
  return dedupe(out);
}

function explainUnion(error: ErrorObject, root: unknown, path: Path, prefix: Path): SchemaProblem[] {
  const at = valueAt(root, path.slice(prefix.length));
  const branches = (error.schema as Schema[] | undefined) ?? [];
  const names = branches.map(
    (branch) =>
      String(branch.$ref ?? '')
        .split('/')
        .pop() ?? '',
  );
  const picked = pickBranch(
    names.map((name) => schemas[name] ?? {}),
    at,
  );
  const fitting = picked && names.find((name) => schemas[name] === picked);
  if (fitting) return problems(fitting, at, path);
  const tags = new Map<string, Set<unknown>>();
  for (const name of names) {
    for (const [key, property] of Object.entries(
      (schemas[name]?.properties ?? {}) as Record<string, Schema>,
    )) {
      if (Array.isArray(property.enum) && property.enum.length === 1) {
        if (!tags.has(key)) tags.set(key, new Set());
        tags.get(key)?.add(property.enum[0]);
      }
    }
  }
  const [tag, values] = [...tags.entries()].sort((a, b) => b[1].size - a[1].size)[0] ?? [];
  if (tag && values) return [{ path: [...path, tag], message: `must be one of: ${[...values].join(', ')}` }];
  return [{ path, message: 'matches none of the allowed shapes' }];
}

/** The value at `path` inside `root` (undefined when a step is missing). */
export function valueAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const key of path) current = (current as Record<string | number, unknown> | undefined)?.[key];
  return current;
}

function pointer(instancePath: string): Path {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/** Unknown and missing properties are reported at the property itself. */
function pathOf(error: ErrorObject, path: Path): Path {
  if (error.keyword === 'additionalProperties')
    return [...path, String((error.params as { additionalProperty: string }).additionalProperty)];
  return path;
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return TOP_LEVEL_UNKNOWN;
    case 'required':
      return `needs the field ${String(params.missingProperty)}`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    default:
      return error.message ?? error.keyword;
  }
}

function dedupe(list: SchemaProblem[]): SchemaProblem[] {
  const seen = new Set<string>();
  // The document puts some item enums on the list too: keep the one at the item.
  const deeper = (problem: SchemaProblem) =>
    list.some(
      (other) =>
        other.message === problem.message &&
        other.path.length > problem.path.length &&
        problem.path.every((key, index) => other.path[index] === key),
    );
  return list.filter((problem) => {
    if (deeper(problem)) return false;
    const key = `${JSON.stringify(problem.path)} ${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
