/**
 * A small deterministic sample generator for the OpenAPI document's schemas: the same
 * schema always gives the same value, so a failing contract test is reproducible.
 *
 * - Required properties are always filled; optional ones only near the top (OPTIONAL_DEPTH),
 *   so a body exercises more than `{}` without expanding the whole graph.
 * - `$ref` cycles (the document has one spanning 29 schemas) stop at the second visit of a
 *   schema on the current path: its optional properties are left out, and past MAX_DEPTH a
 *   branch ends. That is the normalisation Prism needed a pre-inlined copy for.
 * - `oneOf`/`anyOf` take the first branch (with a discriminator mapping: mapped schema, its
 *   name set in the discriminator property) whose sample the validator accepts for the whole
 *   node (the first, when none is); `allOf` merges its parts. Optional properties and array
 *   items the validator refuses are left out, so one unsatisfiable corner of the document
 *   (see below) does not spoil the whole sample.
 * - Strings honour enum, const, format, length and pattern; a pattern no candidate matches
 *   (the document writes some as `"/^…$/"`, regex slashes included, which nothing matches)
 *   leaves an optional property out. A required one keeps a plain value and the validator says so.
 */
export type Schema = Record<string, unknown>;

const OPTIONAL_DEPTH = 2;
const MAX_DEPTH = 12;

const FORMATS: Record<string, string> = {
  'date-time': '2026-01-02T03:04:05.000Z',
  date: '2026-01-02',
  uri: 'https://example.com/sample',
  url: 'https://example.com/sample',
  uuid: '3f0e6c1a-5b7d-4c2e-9a8f-1b2c3d4e5f60',
  email: 'sample@example.com',
  binary: 'sample-bytes',
};
// Tried in order against a `pattern`; covers every pattern the document writes correctly.
const PATTERN_CANDIDATES = ['sample', 'Sample1', 'SAMPLE', 'org-sample', 'sample_1', 'a'];
const UNFILLED = Symbol('unfilled');

/** Follows `#/components/schemas/Name` references inside one document. */
export function makeResolver(doc: { components: { schemas: Record<string, Schema> } }) {
  return (ref: string): Schema => {
    const name = ref.replace('#/components/schemas/', '');
    const schema = doc.components.schemas[name];
    if (!schema) throw new Error(`unresolvable $ref ${ref}`);
    return schema;
  };
}

function stringFor(schema: Schema): string | typeof UNFILLED {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const fit = (s: string) => s.padEnd(min, 's').slice(0, max);
  if (format) return format;
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern, 'u');
    return PATTERN_CANDIDATES.map(fit).find((s) => re.test(s)) ?? UNFILLED;
  }
  return fit('sample');
}

function numberFor(schema: Schema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const n = min ?? (max !== undefined ? Math.min(max, 1) : 1);
  return schema.type === 'integer' ? Math.ceil(n) : n;
}

/** Whether `value` validates against `schema` (a node of the same document). */
export type Accepts = (schema: Schema, value: unknown) => boolean;

/** A value that validates against `schema` (when the document allows one). */
export function sample(schema: Schema, resolve: (ref: string) => Schema, accepts: Accepts): unknown {
  const value = new Sampler(resolve, accepts).walk(schema, 0, []);
  return value === UNFILLED ? 'sample' : value;
}

class Sampler {
  private readonly resolve: (ref: string) => Schema;
  private readonly accepts: Accepts;
  constructor(resolve: (ref: string) => Schema, accepts: Accepts) {
    this.resolve = resolve;
    this.accepts = accepts;
  }

  walk(schema: Schema, depth: number, refs: string[]): unknown {
    const { resolve } = this;
    // A cycle through required properties only would never end: give up on that branch.
    if (depth > MAX_DEPTH * 2) return UNFILLED;
    if (typeof schema.$ref === 'string') {
      const seen = refs.includes(schema.$ref);
      // Second visit of a schema on this path: required properties only, one level further at most.
      return this.walk(resolve(schema.$ref), seen ? Math.max(depth, OPTIONAL_DEPTH) + 1 : depth, [
        ...refs,
        schema.$ref,
      ]);
    }
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
    if ('default' in schema && schema.default !== undefined && schema.default !== null) return schema.default;
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf.map((part) => this.walk(part as Schema, depth, refs));
      return parts.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p))
        ? Object.assign({}, ...parts)
        : parts[0];
    }
    const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (branches?.[0]) {
      let first: unknown = UNFILLED;
      // With a discriminator mapping, each branch is the mapped schema plus its name in the property.
      const discriminator = schema.discriminator as
        { propertyName: string; mapping?: Record<string, string> } | undefined;
      const tagged = discriminator?.mapping
        ? Object.entries(discriminator.mapping).map(([name, ref]) => ({ ref, name }))
        : branches.map((branch) => ({ branch, name: undefined }));
      for (const entry of tagged) {
        const value = this.walk('ref' in entry ? { $ref: entry.ref } : entry.branch, depth, refs);
        if (entry.name !== undefined && typeof value === 'object' && value !== null)
          Reflect.set(value, discriminator!.propertyName, entry.name);
        if (value !== UNFILLED && this.accepts(schema, value)) return value;
        if (first === UNFILLED) first = value;
      }
      return first;
    }
    const type = schema.type ?? (schema.properties ? 'object' : undefined);
    switch (type) {
      case 'string':
        return stringFor(schema);
      case 'number':
      case 'integer':
        return numberFor(schema);
      case 'boolean':
        return true;
      case 'array': {
        if (depth >= MAX_DEPTH || !schema.items) return [];
        const items = schema.items as Schema;
        const item = this.walk(items, depth + 1, refs);
        const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
        if (item === UNFILLED || (min === 0 && !this.accepts(items, item))) return [];
        return Array.from({ length: Math.max(min, 1) }, () => item);
      }
      case 'object': {
        const out: Record<string, unknown> = {};
        const required = new Set((schema.required as string[] | undefined) ?? []);
        const properties = (schema.properties ?? {}) as Record<string, Schema>;
        for (const [name, prop] of Object.entries(properties)) {
          const want = required.has(name) || (depth < OPTIONAL_DEPTH && !prop.deprecated);
          if (!want || (depth >= MAX_DEPTH && !required.has(name))) continue;
          const value = this.walk(prop, depth + 1, refs);
          if (required.has(name)) out[name] = value === UNFILLED ? 'sample' : value;
          else if (value !== UNFILLED && this.accepts(prop, value)) out[name] = value;
        }
        return out;
      }
      default:
        // No type at all (`{}` or annotations only): any JSON, so a plain string.
        return 'sample';
    }
  }
}
