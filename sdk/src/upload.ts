import { VapiArgumentError } from './errors.ts';
import { isFileData } from './http.ts';
import { show } from './options.ts';

/** File contents the SDK can upload. */
export type FileData = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>;

/** Contents plus the name and type the server should see. */
export interface NamedFile {
  data: FileData;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart body: one file (sent as the `file` field), a `FormData`, or an object of
 * fields whose values are files, strings, numbers, booleans or arrays of those. File paths
 * are not uploads here: only `@voxdesk/sdk/node` takes them (`UploadSource`).
 */
export type Uploadable = FileData | NamedFile | FormData | Record<string, unknown>;

/** Every upload any entry accepts: the core's `Uploadable`, or (Node entry only) a path or `file:` URL. */
export type UploadSource = Uploadable | string | URL;

/** Turns a value that is not a file (e.g. a path string from the Node entry) into a Blob. */
export type UploadResolver = (value: unknown) => Promise<Blob | undefined>;

const isNamedFile = (value: unknown): value is NamedFile =>
  typeof value === 'object' && value !== null && 'data' in value && isFileData(value.data);

async function appendFile(form: FormData, field: string, value: FileData | NamedFile): Promise<void> {
  const { data, filename, contentType } = isNamedFile(value) ? value : { data: value };
  // Streams are read whole: multipart needs the size, and retries need to resend it.
  const blob =
    data instanceof Blob
      ? data
      : data instanceof ReadableStream
        ? await new Response(data).blob()
        : new Blob([data as ArrayBuffer]);
  // The caller's type, else the file's own, else bytes of no known type.
  const type = contentType || blob.type || 'application/octet-stream';
  const name = filename ?? (data instanceof File ? data.name : 'file');
  form.append(field, type === blob.type ? blob : blob.slice(0, blob.size, type), name);
}

async function appendValue(
  form: FormData,
  field: string,
  value: unknown,
  resolve?: UploadResolver,
): Promise<void> {
  if (value === undefined || value === null) return;
  if (isFileData(value) || isNamedFile(value)) return appendFile(form, field, value);
  if (Array.isArray(value)) {
    for (const item of value) await appendValue(form, field, item, resolve);
    return;
  }
  // Inside an object of fields a string is a string; only URL objects (file: URLs) name files.
  const resolved = value instanceof URL && resolve ? await resolve(value) : undefined;
  if (resolved) return appendFile(form, field, resolved);
  form.append(field, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** Builds the multipart body; a bare file becomes the `file` field. */
export async function toFormData(where: string, body: unknown, resolve?: UploadResolver): Promise<FormData> {
  if (body instanceof FormData) return body;
  const form = new FormData();
  const resolved =
    typeof body === 'string' || body instanceof URL ? resolve && (await resolve(body)) : undefined;
  if (resolved || isFileData(body) || isNamedFile(body)) {
    await appendFile(form, 'file', (resolved ?? body) as FileData | NamedFile);
    return form;
  }
  if (typeof body !== 'object' || body === null) {
    const hint = resolve ? '' : ' (file paths work with the @voxdesk/sdk/node entry)';
    throw new VapiArgumentError(
      `${where}: expected a File, Blob, ArrayBuffer, Uint8Array, ReadableStream, { data, filename, contentType } or an object of form fields${hint} (got ${show(body)}).`,
    );
  }
  for (const [field, value] of Object.entries(body)) await appendValue(form, field, value, resolve);
  return form;
}
