import type { Context } from 'hono';
import type { z } from 'zod';

export type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads a JSON body and validates it with `schema`. Failures answer 415 (not JSON), 400
 * (malformed JSON, or the first invalid field with its name in `field`).
 */
export async function readJsonBody<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<BodyResult<z.output<T>>> {
  const object = await readJsonObject(c);
  if (!object.ok) return object;
  const parsed = schema.safeParse(object.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    return {
      ok: false,
      response: c.json(field ? { error: issue.message, field } : { error: issue.message }, 400),
    };
  }
  return { ok: true, data: parsed.data };
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
