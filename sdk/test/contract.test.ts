/**
 * Contract test: every operation of Vapi's OpenAPI document (api/vapi-openapi.json), counted
 * from the document, is driven through the SDK with a request built from the operation's own
 * schemas, and the request msw sees is checked against that document: method, path template,
 * required query and header parameters, and the body, validated by ajv against the document's
 * request schema. Each operation is then answered with a sample of its response schema (which
 * the SDK must hand back unchanged) and with a 200 that is not JSON (which must raise
 * VapiUnexpectedResponseError).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it, type RunnerTask } from 'vitest';
import { Vapi, VapiUnexpectedResponseError, invoke, operations, type Operation } from '../src/index.ts';
import { normalize } from '../scripts/normalize.ts';
import { BASE, useMsw } from './msw.ts';
import { makeResolver, sample, type Schema } from './schema-sample.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface DocOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
}
interface Document {
  security?: unknown[];
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, Schema> };
}

const doc = JSON.parse(
  readFileSync(new URL('../api/vapi-openapi.json', import.meta.url), 'utf8'),
) as Document;
// The generator's fix-up (string enums typed as objects), so both read the same document.
normalize(doc);
// NeuphonicVoice's preset voices are `enum: []`, which ajv refuses to compile: `not: {}` says
// the same thing (no value matches) in a form it accepts.
(function emptyEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(emptyEnums);
  if (!node || typeof node !== 'object') return;
  const schema = node as Schema;
  if (Array.isArray(schema.enum) && schema.enum.length === 0) {
    delete schema.enum;
    schema.not = {};
  }
  Object.values(schema).forEach(emptyEnums);
})(doc.components);
const resolve = makeResolver(doc);
const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];
const docOperations = Object.entries(doc.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, op]) => ({ method: method.toUpperCase(), template, op })),
);

/**
 * OpenAPI's discriminator, as JSON Schema: the property is required, names one of the mapped
 * schemas, and the body is validated against that one. JSON Schema's plain `oneOf` cannot say
 * this where the branches do not declare the property themselves (the phone-number, tool and
 * insight update schemas): every body would match several branches and fail `oneOf`.
 */
function withDiscriminators(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withDiscriminators);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, withDiscriminators(v)]),
  ) as Schema;
  const discriminator = schema.discriminator as
    { propertyName: string; mapping?: Record<string, string> } | undefined;
  if (!discriminator?.mapping || !schema.oneOf) return schema;
  const { propertyName, mapping } = discriminator;
  const { oneOf: _branches, discriminator: _d, ...rest } = schema;
  return {
    ...rest,
    type: 'object',
    required: [propertyName],
    properties: { [propertyName]: { enum: Object.keys(mapping) } },
    allOf: Object.entries(mapping).map(([name, ref]) => ({
      if: { properties: { [propertyName]: { const: name } } },
      then: { $ref: ref },
    })),
  };
}
const forAjv = (schema: Schema) =>
  // Inline schemas refer to '#/components/…' of the document: point them at it.
  JSON.parse(
    JSON.stringify(withDiscriminators(schema)).replaceAll('"#/components/', `"${DOC_ID}#/components/`),
  ) as object;

// One ajv for the whole file: the document's components are added once and each validator
// compiled from them once (ajv follows the 29-schema $ref cycle by itself; no inlining needed).
// strict: false because the document is OpenAPI 3.0, not JSON Schema: it uses `example` and
// `nullable`, and names `required` properties declared only in an allOf sibling; strict mode
// rejects those outright. inlineRefs: false compiles each component once and calls it.
const DOC_ID = 'https://api.vapi.ai/openapi.json';
const ajv = new Ajv({ strict: false, inlineRefs: false, validateSchema: false, code: { optimize: false } });
addFormats(ajv);
ajv.addFormat('binary', true); // OpenAPI's file-upload marker, not a JSON Schema format
ajv.addSchema({ $id: DOC_ID, components: { schemas: forAjv(doc.components.schemas as Schema) } });
const validators = new Map<Schema, ValidateFunction>();
/**
 * Compiles, through getSchema, each component an inline schema refers to. ajv reuses a
 * component's compiled code in a new schema only when getSchema has registered it under its
 * full reference; otherwise each inline schema (739 of them) compiled its whole graph of
 * components again: 15 of the file's 20 CPU-seconds.
 */
function registerReferences(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(registerReferences);
  if (!node || typeof node !== 'object') return;
  const { $ref } = node as Schema;
  if (typeof $ref === 'string' && $ref.startsWith('#/components/')) ajv.getSchema(DOC_ID + $ref);
  else Object.values(node).forEach(registerReferences);
}
function validatorFor(schema: Schema): ValidateFunction {
  // A bare reference (with annotations at most) is its component's validator, compiled once.
  const keys = Object.keys(schema).filter((key) => !['title', 'description', 'example'].includes(key));
  if (keys.length === 1 && typeof schema.$ref === 'string') return ajv.getSchema(DOC_ID + schema.$ref)!;
  let validate = validators.get(schema);
  if (!validate) {
    registerReferences(schema);
    validate = ajv.compile(forAjv(schema));
    validators.set(schema, validate);
  }
  return validate;
}
const accepts = (schema: Schema, value: unknown) => validatorFor(schema)(value);
const problems = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message} (${e.schemaPath})`).join('\n  ');

const rowsByOperationId = new Map<string, Operation>(
  operations.filter((row) => row.openapiOperationId).map((row) => [row.openapiOperationId, row]),
);

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  json?: unknown;
  form?: Record<string, string>;
}

const server = useMsw();

/** Records the one request an operation sends and answers it with `answer`. */
function capture(answer: () => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const type = request.headers.get('content-type') ?? '';
      const entry: Seen = { method: request.method, url: new URL(request.url), headers: request.headers };
      if (type.startsWith('multipart/form-data')) {
        const form = await request.formData();
        entry.form = {};
        for (const [key, value] of form)
          entry.form[key] = typeof value === 'string' ? value : await value.text();
      } else {
        const text = await request.text();
        if (text) entry.json = JSON.parse(text);
      }
      seen.push(entry);
      return answer();
    }),
  );
  return seen;
}

/** The arguments of the SDK method, in its order: path parameters, body, query. */
function argumentsFor(row: Operation, op: DocOperation) {
  const params = op.parameters ?? [];
  const pathValues = row.params.map((name) => {
    const declared = params.find((p) => p.in === 'path' && p.name === name);
    // DELETE /call/{id} uses {id} without declaring it (a fault of the document): any id will do.
    return String(sample(declared?.schema ?? { type: 'string' }, resolve, accepts));
  });
  const query = Object.fromEntries(
    params.filter((p) => p.in === 'query').map((p) => [p.name, sample(p.schema ?? {}, resolve, accepts)]),
  );
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const formSchema = content['multipart/form-data']?.schema;
  let body: unknown;
  if (jsonSchema) body = sample(jsonSchema, resolve, accepts);
  if (formSchema) {
    const fields = sample(formSchema, resolve, accepts) as Record<string, unknown>;
    const properties = ((formSchema.$ref ? resolve(formSchema.$ref as string) : formSchema).properties ??
      {}) as Record<string, Schema>;
    // Binary fields become files; the validator sees their contents as the string they are.
    body = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [
        key,
        properties[key]?.format === 'binary'
          ? new File([String(value)], 'sample.txt', { type: 'text/plain' })
          : value,
      ]),
    );
  }
  const args: unknown[] = [...pathValues];
  if (row.body !== 'none') args.push(body);
  if (row.query !== 'none') args.push(query);
  return { args, pathValues, query, body, jsonSchema, formSchema };
}

/** The first 2xx answer the document describes with JSON, and its status. */
function successOf(op: DocOperation) {
  for (const [status, response] of Object.entries(op.responses)) {
    const schema = response.content?.['application/json']?.schema;
    if (/^2\d\d$/.test(status) && schema) return { status: Number(status), schema };
  }
  return undefined;
}

const templateRegExp = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)')}$`);

// The arguments are built from the document at run time, so this test calls invoke untyped.
const call = invoke as (vapi: Vapi, id: string, ...args: unknown[]) => Promise<unknown>;
const vapi = () => new Vapi({ token: 'sk-test', baseUrl: BASE, retry: 0 });
const driven = new Set<string>();
declare module 'vitest' {
  interface TaskMeta {
    /** The document operation a request test drives (its name is cut short in long ones). */
    operationId?: string;
  }
}
const SENDS = 'sends the request the document describes and returns its answer';
/** Every test under a suite, however deep. */
const testsOf = (task: RunnerTask): RunnerTask[] =>
  task.type === 'suite' ? task.tasks.flatMap(testsOf) : [task];

describe('the SDK against the OpenAPI document, operation by operation', () => {
  // After every test of this suite, in whatever order they ran (`--sequence.shuffle`): each
  // operation of the document has its test, and each of those that passed drove its operation
  // to the end. A test skipped (a -t filter, .only) is not held to it; one that failed is red.
  // eslint-disable-next-line no-empty-pattern -- why: vitest reads hook fixtures from a destructured first argument
  afterAll(({}, suite) => {
    const sends = testsOf(suite).filter((test) => test.name === SENDS);
    const idOf = (test: RunnerTask) => test.meta.operationId;
    const ids = docOperations.map(({ op }) => op.operationId);
    expect(sends.map(idOf).sort(), 'one request test per document operation').toEqual([...ids].sort());
    const passedUndriven = sends
      .filter((test) => test.result?.state === 'pass' && !driven.has(idOf(test)!))
      .map(idOf);
    expect(passedUndriven, 'passed without driving their operation').toEqual([]);
  });

  it('maps every document operation to exactly one row, and every row id to a document operation', () => {
    const ids = docOperations.map(({ op }) => op.operationId);
    expect(new Set(ids).size, 'operationIds of the document are not unique').toBe(ids.length);
    const missing = docOperations
      .filter(({ op }) => !rowsByOperationId.has(op.operationId))
      .map(({ method, template, op }) => `${method} ${template} (${op.operationId})`);
    expect(missing, 'operations of the document without a row in api/operations.tsv: add rows').toEqual([]);
    const docIds = new Set<string>(docOperations.map(({ op }) => op.operationId));
    const stale = operations
      .filter((row) => row.openapiOperationId && !docIds.has(row.openapiOperationId))
      .map((row) => `${row.id} → ${row.openapiOperationId}`);
    expect(stale, 'rows naming an operation the document does not have: fix openapi_operation_id').toEqual(
      [],
    );
  });

  describe.each(docOperations.map((entry) => ({ ...entry, id: entry.op.operationId })))(
    '$method $template ($id)',
    ({ method, template, op }) => {
      const row = rowsByOperationId.get(op.operationId);

      it(SENDS, { meta: { operationId: op.operationId } }, async () => {
        expect(row, `${op.operationId} has no row in api/operations.tsv`).toBeDefined();
        if (!row) return;
        const { args, pathValues, query, body, jsonSchema, formSchema } = argumentsFor(row, op);
        const success = successOf(op);
        const answer = success ? sample(success.schema, resolve, accepts) : undefined;
        if (success) {
          const validate = validatorFor(success.schema);
          expect(validate(answer), `sample answer is invalid:\n  ${problems(validate)}`).toBe(true);
        }
        const seen = capture(() =>
          row.download
            ? new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/wav' } })
            : HttpResponse.json(answer ?? {}, { status: success?.status ?? 200 }),
        );

        const result = await call(vapi(), row.id, ...args);

        expect(seen).toHaveLength(1);
        const [req] = seen as [Seen];
        expect(req.method).toBe(method);
        const match = templateRegExp(template).exec(req.url.pathname);
        expect(match, `${req.url.pathname} does not match ${template}`).not.toBeNull();
        expect(match!.slice(1).map(decodeURIComponent)).toEqual(pathValues);

        for (const p of op.parameters ?? []) {
          if (p.in === 'query') {
            const sent = req.url.searchParams.getAll(p.name);
            if (p.required) expect(sent, `required query parameter "${p.name}" missing`).not.toEqual([]);
            const expected = query[p.name];
            expect(sent).toEqual((Array.isArray(expected) ? expected : [expected]).map(String));
          }
          if (p.in === 'header' && p.required)
            expect(req.headers.get(p.name), `required header "${p.name}" missing`).not.toBeNull();
        }
        const secured = (op.security ?? doc.security ?? []).length > 0;
        expect(req.headers.get('authorization')).toBe(secured ? 'Bearer sk-test' : null);

        if (jsonSchema) {
          expect(req.headers.get('content-type')).toBe('application/json');
          expect(req.json).toEqual(body);
          const validate = validatorFor(jsonSchema);
          expect(validate(req.json), `request body is invalid:\n  ${problems(validate)}`).toBe(true);
          // The validator is not vacuous: a body of the wrong kind is refused.
          expect(validate(typeof req.json === 'object' ? 'not-a-body' : { not: 'a body' })).toBe(false);
        } else if (formSchema) {
          expect(req.form, 'expected a multipart/form-data body').toBeDefined();
          const validate = validatorFor(formSchema);
          expect(validate(req.form), `form fields are invalid:\n  ${problems(validate)}`).toBe(true);
        } else {
          expect(req.json).toBeUndefined();
        }

        if (row.download) {
          expect(result).toBeInstanceOf(Response);
          expect(new Uint8Array(await (result as Response).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
        } else {
          expect(result).toEqual(answer ?? {});
        }
        driven.add(op.operationId);
      });

      it.runIf(!row?.download)('raises VapiUnexpectedResponseError on a 200 that is not JSON', async () => {
        const { args } = argumentsFor(row!, op);
        for (const bad of [
          () => new HttpResponse('<html>sign in</html>', { headers: { 'content-type': 'text/html' } }),
          () => new HttpResponse('{"id": "asst_1",', { headers: { 'content-type': 'application/json' } }),
        ]) {
          capture(bad);
          await expect(call(vapi(), row!.id, ...args)).rejects.toThrow(VapiUnexpectedResponseError);
          server.resetHandlers();
        }
      });
    },
  );
});
