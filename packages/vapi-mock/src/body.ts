/** Request body parsing with Vapi's (NestJS body-parser) failure answers. */
import { errorResponse } from './errors.ts';
import { isPlainObject } from './validate.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** A JSON object body; an empty body counts as `{}`. Multipart and form bodies become objects too. */
export async function readBody(request: Request): Promise<Parsed<Record<string, unknown>>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await readForm(request);
    return form.ok ? { ok: true, value: formToObject(form.value) } : form;
  }
  const text = await request.text();
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, response: errorResponse(400, (error as Error).message) };
  }
  if (!isPlainObject(value)) {
    return { ok: false, response: errorResponse(400, 'Request body must be a JSON object.') };
  }
  return { ok: true, value };
}

export async function readForm(request: Request): Promise<Parsed<FormData>> {
  try {
    return { ok: true, value: await request.formData() };
  } catch {
    return {
      ok: false,
      response: errorResponse(
        400,
        'Multipart: Boundary not found. Send multipart/form-data with a boundary.',
      ),
    };
  }
}

/** Form fields as an object; files are summarised by name, size and type. */
export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const entry =
      typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type };
    const previous = out[key];
    out[key] =
      previous === undefined ? entry : Array.isArray(previous) ? previous.concat([entry]) : [previous, entry];
  }
  return out;
}
