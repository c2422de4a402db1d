import type { QueryParams, QueryValue } from './options.ts';
import type { FileData } from './upload.ts';

/** Bytes sent as they are: Blob (File), ArrayBuffer, a typed array or DataView, or a stream. */
export const isFileData = (value: unknown): value is FileData =>
  value instanceof Blob ||
  value instanceof ArrayBuffer ||
  ArrayBuffer.isView(value) ||
  (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream);

function queryString(value: QueryValue): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Appends query parameters: undefined/null are dropped, arrays repeat the key, dates go ISO. */
export function appendQuery(url: URL, query: object | undefined): void {
  if (!query) return;
  for (const [key, value] of Object.entries(query) as [string, QueryParams[string]][]) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) url.searchParams.append(key, queryString(v));
  }
}

/** What `jsonOf` answers for a body that is not JSON. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/** The media type of a response, lowercase, without parameters; '' when it names none. */
export function mediaTypeOf(response: Response): string {
  const type = response.headers.get('content-type') ?? '';
  const end = type.indexOf(';');
  return (end < 0 ? type : type.slice(0, end)).trim().toLowerCase();
}

/**
 * The JSON in a body: by its content type, or by the body itself when the type is missing or
 * `text/plain` (a `new Response(JSON.stringify(x))` stub, some mock servers). NOT_JSON for any
 * other type (an HTML page from a proxy) or a body that does not parse.
 */
export function jsonOf(text: string, mediaType: string): unknown {
  if (!/[/+]json$/.test(mediaType) && mediaType !== '' && mediaType !== 'text/plain') return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** Reads a body as JSON when it is (see `jsonOf`), text otherwise, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const value = jsonOf(text, mediaTypeOf(response));
  return value === NOT_JSON ? text : value;
}

/** The id a server gives a request, for support tickets. */
export function requestIdOf(response: Response): string | undefined {
  const h = response.headers;
  return h.get('x-request-id') ?? h.get('x-vapi-request-id') ?? h.get('cf-ray') ?? undefined;
}
