/**
 * `@voxdesk/sdk/tools`: one definition per function tool, for both sides of it. `defineTool`
 * makes the webhook handler's implementation (arguments validated and typed from the schema,
 * an answer before Vapi's timeout, duplicate deliveries answered once), and `syncTools` makes
 * the account's tool match it.
 *
 * ```ts
 * import { z } from 'zod';
 * import { defineTool, syncTools } from '@voxdesk/sdk/tools';
 * const book = defineTool({
 *   name: 'bookAppointment',
 *   description: 'Books a check-up',
 *   parameters: z.object({ day: z.string(), time: z.string() }),
 *   handler: async ({ day, time }) => ({ result: `Booked ${day} ${time}`, message: 'You are booked!' }),
 * });
 * createWebhookHandler({ secret, tools: { [book.toolName]: book } });
 * await syncTools(vapi, [book], { serverUrl: 'https://example.com/api/vapi' });
 * ```
 * @module @voxdesk/sdk/tools
 */
import { adoptByName } from '../adopt.ts';
import type { Vapi } from '../generated/vapi.ts';
import type { ToolCallContext } from '../webhooks/handler.ts';
import { toolAnswer, type ToolAnswerFields } from '../webhooks/tool-answer.ts';

/** The Standard Schema interface (standardschema.dev) that zod, valibot, ArkType… implement. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    /** Checks a value: its output, or the issues found. */
    readonly validate: (value: unknown) =>
      | { readonly value: Output; readonly issues?: undefined }
      | {
          readonly issues: ReadonlyArray<{
            readonly message: string;
            readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
          }>;
        }
      | Promise<
          | { readonly value: Output; readonly issues?: undefined }
          | {
              readonly issues: ReadonlyArray<{
                readonly message: string;
                readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
              }>;
            }
        >;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    /** Standard JSON Schema (zod 4.2+): how the schema is sent to Vapi. */
    readonly jsonSchema?:
      { readonly input: (options: { target: string }) => Record<string, unknown> } | undefined;
  };
}

/** A JSON Schema object for the arguments, as Vapi's `function.parameters` takes it. */
export interface JsonSchemaParameters {
  type: 'object';
  properties?: Record<string, Record<string, unknown>>;
  required?: readonly string[];
  [keyword: string]: unknown;
}

/** The handler's argument type: the schema's output, or an object for JSON Schema. */
export type ToolArguments<P> = P extends StandardSchemaV1<unknown, infer O> ? O : Record<string, unknown>;

/** What a handler may return: a result value, or `{ result, message, metadata }` (and `error`). */
export type ToolReturn = unknown;

/** What `defineTool` takes. */
export interface ToolDefinition<P extends StandardSchemaV1 | JsonSchemaParameters> {
  /** The function name the model calls (and the key in the webhook handler's `tools`). */
  name: string;
  description?: string;
  parameters: P;
  /** Runs one tool call with its validated arguments. */
  handler: (args: ToolArguments<P>, context: ToolCallContext) => ToolReturn | Promise<ToolReturn>;
  /**
   * Answer within this many ms (default 18,000: before Vapi's default `timeoutSeconds` of 20);
   * past it the call gets `fallbackMessage` as its error while the handler runs on.
   */
  timeoutMs?: number;
  /** What the model hears when the handler is late. */
  fallbackMessage?: string;
}

/** A defined tool: the webhook handler's implementation, carrying its definition. */
export interface Tool<
  P extends StandardSchemaV1 | JsonSchemaParameters = StandardSchemaV1 | JsonSchemaParameters,
> {
  (args: unknown, context: ToolCallContext): Promise<ToolAnswerFields>;
  readonly toolName: string;
  readonly description: string | undefined;
  readonly parameters: P;
  /** The arguments' JSON Schema as sent to Vapi. */
  readonly jsonSchema: Record<string, unknown>;
  readonly timeoutMs: number;
}

const isStandard = (p: unknown): p is StandardSchemaV1 =>
  typeof p === 'object' && p !== null && '~standard' in p;

/** The arguments' JSON Schema: a Standard Schema's own (Standard JSON Schema), or the JSON Schema given. */
function jsonSchemaOf(
  name: string,
  parameters: StandardSchemaV1 | JsonSchemaParameters,
): Record<string, unknown> {
  if (!isStandard(parameters)) return parameters;
  const convert = parameters['~standard'].jsonSchema?.input;
  if (!convert)
    throw new TypeError(
      `defineTool ${name}: this ${parameters['~standard'].vendor} schema cannot give its JSON Schema; pass JSON Schema parameters, or a zod 4.2+ schema.`,
    );
  const { $schema: _ignored, ...schema } = convert({ target: 'draft-07' });
  return schema;
}

/** Checks arguments against JSON Schema parameters: required properties and primitive types. */
function checkJsonArguments(schema: JsonSchemaParameters, args: unknown): string[] {
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return ['arguments must be an object'];
  const record = args as Record<string, unknown>;
  const problems = (schema.required ?? [])
    .filter((key) => record[key] === undefined)
    .map((key) => `${key}: required`);
  for (const [key, rule] of Object.entries(schema.properties ?? {})) {
    const value = record[key];
    if (value === undefined || typeof rule.type !== 'string') continue;
    const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    const ok = rule.type === 'integer' ? Number.isInteger(value) : rule.type === actual;
    if (!ok) problems.push(`${key}: expected ${rule.type}, got ${actual}`);
    if (Array.isArray(rule.enum) && !rule.enum.includes(value))
      problems.push(`${key}: must be one of ${rule.enum.join(', ')}`);
  }
  return problems;
}

const pathText = (path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined) =>
  (path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.');

const isAnswer = (value: unknown): value is ToolAnswerFields =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => ['result', 'message', 'metadata', 'error'].includes(key));

/** How many recent tool calls a tool remembers to answer duplicates. */
const REMEMBERED = 1000;

/**
 * A tool implementation for the webhook handler's `tools`, with its definition for `syncTools`.
 * Arguments are validated (a failure is an error the model hears, the handler does not run);
 * a `{ result, message, metadata }` return fills those fields; a late handler is answered with
 * `fallbackMessage`; a repeated `toolCallId` gets the first delivery's answer.
 */
export function defineTool<P extends StandardSchemaV1 | JsonSchemaParameters>(
  definition: ToolDefinition<P>,
): Tool<P> {
  const { name, description, parameters, handler } = definition;
  if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name))
    throw new TypeError(`defineTool: name must be 1-64 letters, digits, _ or - (got ${String(name)}).`);
  if (typeof handler !== 'function') throw new TypeError(`defineTool ${name}: handler must be a function.`);
  const timeoutMs = definition.timeoutMs ?? 18_000;
  const fallback =
    definition.fallbackMessage ??
    `The ${name} tool did not answer in time. Tell the caller you will follow up.`;
  const jsonSchema = jsonSchemaOf(name, parameters);
  const answered = new Map<string, Promise<ToolAnswerFields>>();

  async function run(args: unknown, context: ToolCallContext): Promise<ToolAnswerFields> {
    let valid: unknown = args;
    if (isStandard(parameters)) {
      const outcome = await parameters['~standard'].validate(args);
      if (outcome.issues)
        return toolAnswer({
          error: `Invalid arguments for ${name}: ${outcome.issues.map((i) => (i.path?.length ? `${pathText(i.path)}: ${i.message}` : i.message)).join('; ')}`,
        });
      valid = outcome.value;
    } else {
      const problems = checkJsonArguments(parameters, args);
      if (problems.length)
        return toolAnswer({ error: `Invalid arguments for ${name}: ${problems.join('; ')}` });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<ToolAnswerFields>((resolve) => {
      timer = setTimeout(() => resolve(toolAnswer({ error: fallback })), timeoutMs);
    });
    const work = (async () => {
      const value = await handler(valid as ToolArguments<P>, context);
      return toolAnswer(isAnswer(value) ? value : { result: value });
    })();
    try {
      return await Promise.race([work, late]);
    } catch (error) {
      return toolAnswer({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  const tool = (args: unknown, context: ToolCallContext): Promise<ToolAnswerFields> => {
    const id = context?.toolCall?.id;
    if (!id) return run(args, context);
    const known = answered.get(id);
    if (known) return known;
    const answer = run(args, context);
    answered.set(id, answer);
    // Forget the oldest: a duplicate arrives within seconds, not after a thousand calls.
    if (answered.size > REMEMBERED) answered.delete(answered.keys().next().value as string);
    return answer;
  };
  return Object.assign(tool, { toolName: name, description, parameters, jsonSchema, timeoutMs });
}

/** What `syncTools` did with one tool. */
export interface SyncedTool {
  name: string;
  id: string;
  action: 'created' | 'updated' | 'unchanged';
}

/** Options of `syncTools`. */
export interface SyncToolsOptions {
  /** Where Vapi posts the tool calls: your webhook handler's URL. */
  serverUrl: string;
  /** Sent as the server's `secret` (Vapi sends it as `X-Vapi-Secret`), when given. */
  secret?: string;
}

type FunctionToolRecord = {
  id: string;
  type?: string;
  function?: { name?: string; description?: string; parameters?: unknown };
  server?: { url?: string; timeoutSeconds?: number; secret?: string };
};

/** JSON with object keys sorted, to compare what Vapi stored with what would be sent. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

/**
 * Makes the account's function tools match `tools`: creates the missing ones and updates the
 * ones that differ (description, parameters, server URL, timeout), by function name, through
 * the SDK's adopt-by-name helper, so running it twice creates nothing twice. Tools it does not
 * name are left alone. A tool is managed either by `syncTools` or by as-code files, never both.
 */
export async function syncTools(
  client: Pick<Vapi, 'tools'>,
  tools: readonly Tool[],
  options: SyncToolsOptions,
): Promise<SyncedTool[]> {
  if (!options || typeof options.serverUrl !== 'string' || !URL.canParse(options.serverUrl))
    throw new TypeError(`syncTools: serverUrl must be an absolute URL (got ${String(options?.serverUrl)}).`);
  const names = tools.map((tool) => tool.toolName);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) throw new TypeError(`syncTools: two tools are named ${duplicate}.`);
  // One pass over the account's tools (the SDK's pager), shared by every tool below.
  const existing: FunctionToolRecord[] = [];
  for await (const record of client.tools.iterate()) {
    const tool = record as FunctionToolRecord;
    if (tool.type === 'function') existing.push(tool);
  }
  const out: SyncedTool[] = [];
  for (const tool of tools) {
    const body = {
      function: { name: tool.toolName, description: tool.description ?? '', parameters: tool.jsonSchema },
      server: {
        url: options.serverUrl,
        timeoutSeconds: Math.ceil(tool.timeoutMs / 1000) + 2,
        ...(options.secret ? { secret: options.secret } : {}),
      },
    };
    const same = (record: FunctionToolRecord) =>
      canonical(record.function) === canonical(body.function) &&
      record.server?.url === body.server.url &&
      record.server?.timeoutSeconds === body.server.timeoutSeconds;
    const outcome = await adoptByName<FunctionToolRecord>({
      existing,
      name: tool.toolName,
      nameOf: (record) => record.function?.name,
      matches: same,
      create: async () => await client.tools.create({ type: 'function', ...body } as never),
    });
    if (outcome.action === 'differs') {
      const [target] = outcome.candidates as [FunctionToolRecord];
      await client.tools.update(target.id, body as never);
      out.push({ name: tool.toolName, id: target.id, action: 'updated' });
    } else
      out.push({
        name: tool.toolName,
        id: outcome.resource.id,
        action: outcome.action === 'created' ? 'created' : 'unchanged',
      });
  }
  return out;
}
