// Route inputs, checked before the handler runs and declared in the route's type, so the
// browser's typed client (hc<BrowserApi>) knows what each route accepts.
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { BlankInput } from 'hono/types';
import type { z } from 'zod';
import type { ApiErrorBody } from '../contract/api-types.ts';

/** The answer to input that fails its schema: the first problem, and the field it is about. */
function firstProblem(error: z.ZodError): ApiErrorBody {
  const issue = error.issues[0]!;
  const field = issue.path.join('.');
  return field ? { error: issue.message, field } : { error: issue.message };
}

/** What a route's input check answers instead of calling the handler. */
type InputRejected = Response & TypedResponse<ApiErrorBody, 400 | 415, 'json'>;

type BodyResult<T> = { ok: true; data: T } | { ok: false; response: InputRejected };

/**
 * A route's JSON body, checked with `schema` before the handler runs; the handler reads it with
 * `c.req.valid('json')`. The schema's input type is what the browser's typed client must send.
 * Failures answer 415 (not JSON) or 400 (malformed, or the first invalid field, named in `field`).
 */
export function jsonInput<S extends z.ZodType>(
  schema: S,
): MiddlewareHandler<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Env: the check needs none.
  any,
  string,
  { in: { json: z.input<S> }; out: { json: z.output<S> } },
  InputRejected
> {
  return async (c, next) => {
    const object = await readJsonObject(c);
    if (!object.ok) return object.response;
    const parsed = schema.safeParse(object.data);
    if (!parsed.success) return c.json(firstProblem(parsed.error), 400);
    c.req.addValidatedData('json', parsed.data as object);
    await next();
  };
}

/**
 * A route's query string, checked with `schema` (the first invalid field answers 400 with its
 * name); the handler reads it with `c.req.valid('query')`. Every field travels as text.
 */
export function queryInput<S extends z.ZodType<object>>(
  schema: S,
): MiddlewareHandler<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Env: the check needs none.
  any,
  string,
  { in: { query: { [K in keyof z.input<S>]?: string } }; out: { query: z.output<S> } },
  Response & TypedResponse<ApiErrorBody, 400, 'json'>
> {
  return async (c, next) => {
    const parsed = schema.safeParse(c.req.query());
    if (!parsed.success) return c.json(firstProblem(parsed.error), 400);
    c.req.addValidatedData('query', parsed.data);
    await next();
  };
}

/**
 * For a route that reads its body itself (JSON from the app, or a plain form post without
 * JavaScript): tells the typed client what JSON to send. It checks nothing and only calls on.
 */
export function declaredJsonInput<T>(): MiddlewareHandler<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Env: nothing is read.
  any,
  string,
  { in: { json: T } }
> {
  return (_c, next) => next();
}

// Record ids from Airtable (recXXXXXXXXXXXXXX), SQLite (usr_<hex>) or Postgres; nothing else
// (no dot segments, no slashes, nothing long) reaches a store.
const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The route's `:id` must look like a record id; otherwise 400 with `message`, before the body is read. */
export function recordId(message: string): MiddlewareHandler<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Env: the check needs none.
  any,
  string,
  BlankInput,
  Response & TypedResponse<ApiErrorBody, 400, 'json'>
> {
  return async (c, next) => {
    if (!RECORD_ID.test(c.req.param('id') ?? '')) {
      return c.json({ error: message, field: 'id' } satisfies ApiErrorBody, 400);
    }
    await next();
  };
}

/** The JSON object of the body, unvalidated; 415 when not JSON, 400 when malformed or not an object. */
export async function readJsonObject(c: Context): Promise<BodyResult<Record<string, unknown>>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return {
      ok: false,
      response: c.json(
        { error: 'Send the body as JSON with the header Content-Type: application/json.' },
        415,
      ),
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: c.json({ error: 'The request body is not valid JSON.' }, 400) };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, response: c.json({ error: 'The request body must be a JSON object.' }, 400) };
  }
  return { ok: true, data: body as Record<string, unknown> };
}
