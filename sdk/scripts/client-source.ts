/** Renders src/generated/client.ts: the typed method surface built from the operation table. */
import { readFileSync } from 'node:fs';
import { operations, type Operation } from '../src/operations.ts';
import { handTypes } from './hand-types.ts';

interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
}

/** openapi_operation_id per `METHOD /path`, from the copy of operations.tsv kept with the tests. */
function openapiIds(): Map<string, string> {
  const tsv = readFileSync(new URL('../test/fixtures/operations.tsv', import.meta.url), 'utf8');
  const rows = tsv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  return new Map(rows.filter((r) => r[6]).map((r) => [`${r[0]} ${r[1]}`, r[6] as string]));
}

interface Signature {
  args: string[];
  result: string;
  item?: string;
  doc: string;
}

function signature(op: Operation, docOp: OpenApiOperation | undefined, oid: string | undefined): Signature {
  const hand = handTypes[op.id] ?? {};
  const O = `O['${oid}']`;
  const jsonIn = docOp?.requestBody?.content?.['application/json'];
  const okStatus = Object.keys(docOp?.responses ?? {}).find(
    (s) => s.startsWith('2') && docOp?.responses?.[s]?.content?.['application/json'],
  );
  const response =
    hand.response ??
    (okStatus ? `${O}['responses'][${okStatus}]['content']['application/json']` : 'JsonObject');
  const args = op.params.map((p) => `${p}: string`);
  if (op.body === 'json') {
    const body =
      hand.body ??
      (jsonIn ? `NonNullable<${O}['requestBody']>['content']['application/json']` : 'JsonObject');
    args.push(`body${docOp && !docOp.requestBody?.required ? '?' : ''}: ${body}`);
  }
  if (op.body === 'multipart') args.push('file: Uploadable');
  if (op.query) {
    const hasQuery = docOp?.parameters?.some((p) => p.in === 'query');
    args.push(
      `query?: ${hand.query ?? (hasQuery ? `NonNullable<${O}['parameters']['query']>` : 'QueryParams')}`,
    );
  }
  args.push('options?: RequestOptions');
  const lines = [`\`${op.method} ${op.path}\`${docOp?.summary ? ` — ${docOp.summary}` : ''}`];
  if (op.download) lines.push('Follows the redirect to the file and returns the unparsed `Response`.');
  if (op.deprecated) lines.push('@deprecated Vapi marks this operation deprecated.');
  const known = response !== 'unknown' && response !== 'JsonObject';
  const item =
    !op.paging || !known
      ? 'JsonObject'
      : op.paging === 'v1'
        ? `(${response})[number]`
        : `(${response})['results'][number]`;
  return { args, result: op.download ? 'Response' : response, item, doc: lines.join('\n') };
}

type Tree = { [key: string]: Tree | string };

function comment(doc: string, indent: string): string {
  const body = doc.split('\n').map((l) => `${indent} * ${l.replace(/\*\//g, '*\\/')}`);
  return `${indent}/**\n${body.join('\n')}\n${indent} */\n`;
}

function render(tree: Tree, depth: number): string {
  const indent = '  '.repeat(depth);
  return Object.entries(tree)
    .map(([key, value]) =>
      typeof value === 'string'
        ? `${value.trimEnd().replace(/^/gm, indent)}\n`
        : `${indent}${key}: {\n${render(value, depth + 1)}${indent}};\n`,
    )
    .join('');
}

export function clientSource(doc: OpenApiDocument): string {
  const ids = openapiIds();
  const byId = new Map<string, OpenApiOperation>();
  for (const item of Object.values(doc.paths))
    for (const o of Object.values(item)) if (o.operationId) byId.set(o.operationId, o);
  const tree: Tree = {};
  for (const op of operations) {
    const oid = ids.get(`${op.method} ${op.path}`);
    const docOp = oid ? byId.get(oid) : undefined;
    if (oid && !docOp) throw new Error(`${op.id}: ${oid} is not in the document`);
    const sig = signature(op, docOp, oid);
    const parts = op.id.split('.');
    const name = parts.pop() as string;
    let node = tree;
    for (const part of parts) node = (node[part] ??= {}) as Tree;
    node[name] = `${comment(sig.doc, '')}${name}(${sig.args.join(', ')}): Promise<${sig.result}>;\n`;
    if (op.paging) {
      const iterName = name.replace('list', 'iterate');
      const iterDoc = `Every item of \`${op.method} ${op.path}\`, page after page (${op.paging === 'v1' ? 'limit + createdAtLt cursor' : 'page numbers'}).`;
      node[iterName] =
        `${comment(iterDoc, '')}${iterName}(${sig.args.join(', ')}): AsyncGenerator<${sig.item}>;\n`;
    }
  }
  const schemas = Object.keys(doc.components.schemas);
  const credentials = schemas.filter((s) => /^Create\w+CredentialDTO$/.test(s));
  const union = (names: string[]) => names.map((n) => `S['${n}']`).join(' | ');
  const out = `// Generated by scripts/generate-types.ts from src/operations.ts and Vapi's OpenAPI document. Do not edit.
import type { QueryParams, RequestOptions } from '../options.ts';
import type { Uploadable } from '../upload.ts';
import type { components, operations as O } from './openapi.ts';

type S = components['schemas'];
/** A JSON object the public document does not describe. */
export type JsonObject = Record<string, unknown>;
/** A phone number as the API returns it (one of the provider-specific shapes). */
export type PhoneNumberResponse = O['PhoneNumberController_findOne']['responses'][200]['content']['application/json'];
/** A test of a test suite: a voice test or a chat test. */
export type TestSuiteTest = S['TestSuiteTestVoice'] | S['TestSuiteTestChat'];
/** Body of \`credentials.create\`: one provider's credential fields. */
export type CreateCredentialDTO = ${union(credentials)};
/** Body of \`credentials.update\`: one provider's credential fields. */
export type UpdateCredentialDTO = ${union(schemas.filter((s) => /^Update\w+CredentialDTO$/.test(s)))};
/** A stored provider credential (one of the provider-specific shapes). */
export type Credential = ${union(credentials.map((c) => c.slice(6, -3)).filter((c) => schemas.includes(c)))};

/** One typed method per Vapi operation (see \`operations\`), grouped by resource. */
export interface VapiResources {
${render(tree, 1)}}
`;
  for (const [, name] of out.matchAll(/S\['(\w+)'\]/g)) {
    if (!schemas.includes(name as string)) throw new Error(`Schema ${name} is not in the document`);
  }
  return out;
}
