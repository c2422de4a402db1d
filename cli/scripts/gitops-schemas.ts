/**
 * Writes cli/src/gitops/generated/schemas.json: what `voxdesk pull|diff|apply` needs from
 * Vapi's OpenAPI document (sdk/api/vapi-openapi.json), so the CLI does not ship 2.7 MB:
 *
 * - per resource kind, its variants (tools by `type`, phone numbers by `provider`) with the
 *   create schema a file is validated against and the server-owned fields (in the response
 *   schema, not in the create schema) that a file never holds;
 * - the property names that hold secrets (named like one, or described as "not returned in
 *   the API"), written to files as `${ENV}` placeholders;
 * - per JSON body the CLI's resource verbs send (`assistants create`, `tools update`…), the
 *   schema it is checked against (one per variant), so the CLI and as-code share one validator;
 * - the schemas those DTOs reach, without descriptions and examples.
 *
 * The paths come from the SDK's operation rows (`tools.create`, `tools.get`, …).
 * cli/test/gitops-schemas.test.ts fails when the committed file is stale.
 *
 *   npm run generate -w @voxdesk/cli
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { operations } from '@voxdesk/sdk/operations';

const DOCUMENT = fileURLToPath(new URL('../../sdk/api/vapi-openapi.json', import.meta.url));
export const OUTPUT = fileURLToPath(new URL('../src/gitops/generated/schemas.json', import.meta.url));

type Schema = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
}

/** The SDK resources that `pull`/`apply` manage, with the field that picks a variant. */
const KINDS = {
  tools: 'type',
  structuredOutputs: undefined,
  assistants: undefined,
  squads: undefined,
  phoneNumbers: 'provider',
  evals: undefined,
  testSuites: undefined,
} as const;

/**
 * Kinds whose paths the document leaves out (the endpoint table has `/test-suite`, the
 * document only its schemas): their create and response schemas by name.
 */
const NAMED: Partial<Record<keyof typeof KINDS, { create: string; response: string }>> = {
  testSuites: { create: 'CreateTestSuiteDto', response: 'TestSuite' },
};

/**
 * The operations whose JSON body the CLI checks before sending (files are created by upload,
 * not JSON), with the field that picks a body's variant where its variants carry it.
 */
const BODIES = {
  'assistants.create': undefined,
  'assistants.update': undefined,
  'assistants.replace': undefined,
  'calls.create': undefined,
  'calls.update': undefined,
  'calls.createWeb': undefined,
  'tokens.create': undefined,
  'tokens.update': undefined,
  'phoneNumbers.create': 'provider',
  'phoneNumbers.update': 'provider',
  'squads.create': undefined,
  'squads.update': undefined,
  'tools.create': 'type',
  'tools.update': 'type',
  'files.update': undefined,
  'knowledgeBases.create': 'provider',
  'knowledgeBases.update': 'provider',
} as const;

/** Bodies the document names no path for (its endpoint table has them): their schemas by name. */
const NAMED_BODIES: Partial<Record<keyof typeof BODIES, string[]>> = {
  // The document describes one knowledge base provider (custom) of the several Vapi takes
  // (`google`, `trieve`…): no schema, so such a body is checked only for being an object.
  'knowledgeBases.create': [],
  'knowledgeBases.update': [],
  // A replace (PUT) is a whole assistant, as a create.
  'assistants.replace': ['CreateAssistantDTO'],
  'calls.createWeb': ['CreateWebCallDTO'],
  'tokens.create': ['CreateTokenDTO'],
  'tokens.update': ['UpdateTokenDTO'],
};

/** Property names that hold a credential or a server secret. */
const SECRET_NAME = /secret|password|(^|[a-z])token$|apikey$|privatekey$|^openaikey$/i;

const refName = (ref: unknown) => String(ref).split('/').pop() as string;

function operationPath(id: string): string {
  const row = operations.find((op) => op.id === id);
  if (!row) throw new Error(`the SDK has no ${id} operation`);
  return row.path;
}

/** The `$ref`s of a body or response schema: one, or a `oneOf` union's. */
function refsOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (typeof schema.$ref === 'string') return [refName(schema.$ref)];
  const union = (schema.oneOf ?? (schema.items as Schema | undefined)?.oneOf) as Schema[] | undefined;
  return (union ?? []).map((entry) => refName(entry.$ref));
}

function jsonSchema(operation: Schema | undefined, where: 'request' | 'response'): Schema | undefined {
  if (!operation) return undefined;
  if (where === 'request')
    return (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
      ?.content?.['application/json']?.schema;
  const responses = operation.responses as Record<string, { content?: Record<string, { schema?: Schema }> }>;
  return (responses['200'] ?? responses['201'])?.content?.['application/json']?.schema;
}

/** A variant's discriminator value: its property's single enum value. */
function discriminatorValue(schema: Schema, field: string): string {
  const property = (schema.properties as Record<string, Schema> | undefined)?.[field];
  const value = (property?.enum as string[] | undefined)?.[0];
  if (typeof value !== 'string') throw new Error(`no ${field} enum in a ${field}-discriminated schema`);
  return value;
}

function hasTag(schema: Schema, field: string): boolean {
  const property = (schema.properties as Record<string, Schema> | undefined)?.[field];
  return Array.isArray(property?.enum) && property.enum.length > 0;
}

/** Drops prose (descriptions, examples, titles) and fixes patterns written as `/^…$/`. */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (!value || typeof value !== 'object') return value;
  const out: Schema = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'description' || key === 'example' || key === 'title') && typeof inner !== 'object')
      continue;
    if (key === 'examples') continue;
    // ajv picks a union's branch by `discriminator.propertyName` and rejects `mapping` (the
    // branches' own enum already says which value is theirs).
    if (key === 'mapping') continue;
    // Another fault: a few `enum: []` (no value allowed), where the field takes any string.
    if (key === 'enum' && Array.isArray(inner) && inner.length === 0) continue;
    // The document's fault (FACTS.md): regex slashes inside the pattern, so no name matches.
    if (key === 'pattern' && typeof inner === 'string') out[key] = inner.replace(/^\/(.*)\/$/s, '$1');
    else out[key] = clean(inner);
  }
  return out;
}

/**
 * ajv validates a union through its discriminator only when every branch requires the tag
 * and gives it an enum: add the tag to `required` where the branch declares it (the API
 * needs it to pick the branch anyway); drop the discriminator of a union where one does not.
 */
function fitDiscriminators(schemas: Record<string, unknown>): void {
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Schema;
    const tag = (schema.discriminator as { propertyName?: string } | undefined)?.propertyName;
    const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (tag && branches) {
      const targets = branches.map((branch) => schemas[refName(branch.$ref)] as Schema | undefined);
      const tagged = targets.every((target) => {
        const property = (target?.properties as Record<string, Schema> | undefined)?.[tag];
        return Array.isArray(property?.enum) && property.enum.length > 0;
      });
      if (tagged && schema.oneOf) {
        for (const target of targets as Schema[]) {
          const required = (target.required as string[] | undefined) ?? [];
          if (!required.includes(tag)) target.required = [...required, tag];
        }
      } else delete schema.discriminator;
    }
    // Without a discriminator a `oneOf` is meant as "any of these": Vapi's own validation does
    // not demand exactly one, and the document has overlapping branches (`model: oneOf [enum
    // of known models, string]` would refuse every known model).
    if (schema.oneOf && !schema.discriminator) {
      schema.anyOf = schema.oneOf;
      delete schema.oneOf;
    }
    Object.values(schema).forEach(visit);
  };
  visit(schemas);
}

/** An operation's JSON request body schema, from its SDK row's path and method. */
function requestSchema(document: Document, id: string): Schema | undefined {
  const row = operations.find((op) => op.id === id);
  if (!row) throw new Error(`the SDK has no ${id} operation`);
  return jsonSchema(document.paths[row.path]?.[row.method.toLowerCase()], 'request');
}

/** Per body the CLI sends: its variants' schemas by tag ('' when it has no variants). */
function bodies(document: Document, roots: string[]): Record<string, unknown> {
  const all = document.components.schemas;
  const out: Record<string, unknown> = {};
  for (const [id, field] of Object.entries(BODIES)) {
    const names = NAMED_BODIES[id as keyof typeof BODIES] ?? refsOf(requestSchema(document, id));
    if (!names.length && !NAMED_BODIES[id as keyof typeof BODIES])
      throw new Error(`${id}: the document has no JSON body schema`);
    // An update's variants carry no tag (the stored resource has it): a body then fits any.
    const tagged = field && names.length > 0 && names.every((name) => hasTag(all[name]!, field));
    const variants: Record<string, string> = {};
    for (const name of names) variants[tagged ? discriminatorValue(all[name]!, field) : name] = name;
    out[id] = tagged ? { discriminator: field, variants } : { variants };
    roots.push(...names);
  }
  return out;
}

export function generate(document: Document = JSON.parse(readFileSync(DOCUMENT, 'utf8'))): string {
  const all = document.components.schemas;
  const kinds: Record<string, unknown> = {};
  const roots: string[] = [];
  for (const [kind, field] of Object.entries(KINDS)) {
    const named = NAMED[kind as keyof typeof KINDS];
    const create = named
      ? { $ref: named.create }
      : jsonSchema(document.paths[operationPath(`${kind}.create`)]?.post, 'request');
    const response = named
      ? { $ref: named.response }
      : jsonSchema(document.paths[operationPath(`${kind}.get`)]?.get, 'response');
    const responses = new Map(
      refsOf(response).map((name) => [field ? discriminatorValue(all[name]!, field) : '', name]),
    );
    const variants: Record<string, { create: string; serverOwned: string[] }> = {};
    for (const name of refsOf(create)) {
      const key = field ? discriminatorValue(all[name]!, field) : '';
      const responseName = responses.get(key);
      if (!responseName) throw new Error(`${kind}: no response schema for ${name}`);
      const accepted = new Set(Object.keys((all[name]!.properties as Schema) ?? {}));
      const returned = Object.keys((all[responseName]!.properties as Schema) ?? {});
      variants[key] = { create: name, serverOwned: returned.filter((property) => !accepted.has(property)) };
      roots.push(name);
    }
    kinds[kind] = { ...(field ? { discriminator: field } : {}), variants };
  }
  const bodySchemas = bodies(document, roots);
  const reached = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const name = pending.pop() as string;
    if (reached.has(name)) continue;
    reached.add(name);
    JSON.stringify(all[name], (key, value: unknown) => {
      if (key === '$ref') pending.push(refName(value));
      return value;
    });
  }
  const schemas: Record<string, unknown> = {};
  const secrets = new Set<string>();
  for (const name of [...reached].sort()) {
    schemas[name] = clean(all[name]);
    for (const [property, schema] of Object.entries(
      (all[name]!.properties as Record<string, Schema>) ?? {},
    )) {
      if (schema.type !== 'string') continue;
      const notReturned = /not returned in the API/i.test(String(schema.description ?? ''));
      if (notReturned || SECRET_NAME.test(property)) secrets.add(property);
    }
  }
  fitDiscriminators(schemas);
  return `${JSON.stringify({ kinds, bodies: bodySchemas, secretFields: [...secrets].sort(), schemas })}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, generate());
  console.log(`wrote ${OUTPUT}`);
}
