/**
 * `POST /file` and its deprecated twin `/file/upload`: multipart with a `file` part.
 * The record keeps the part's name, type and size; its `url` serves the bytes back.
 */
import { readForm } from '../body.ts';
import type { RouteArgs, RouteDef } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { presign } from '../storage.ts';
import { created, store } from './records.ts';

export const fileRoutes: RouteDef[] = ['/file', '/file/upload'].map((path) => ({
  method: 'POST',
  path,
  auth: true,
  handler: upload,
}));

async function upload(args: RouteArgs): Promise<Response> {
  if (!(args.request.headers.get('content-type') ?? '').includes('multipart/form-data')) {
    return errorResponse(400, [
      'file should not be empty',
      'Send the file as multipart/form-data in a `file` part.',
    ]);
  }
  const form = await readForm(args.request);
  if (!form.ok) return form.response;
  const file = form.value.get('file');
  if (file === null || typeof file === 'string') return errorResponse(400, ['file should not be empty']);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const id = crypto.randomUUID();
  const mimetype = file.type || 'application/octet-stream';
  const key = `file/${id}/${file.name}`;
  const url = presign(args.fake.state, args.publicBase, key, {
    body: bytes,
    contentType: mimetype,
    filename: file.name,
  });
  const purpose = form.value.get('purpose');
  return created(
    store(args.fake, '/file', '/file', {
      id,
      object: 'file',
      status: 'done',
      name: file.name,
      originalName: file.name,
      bytes: bytes.byteLength,
      mimetype,
      ...(typeof purpose === 'string' ? { purpose } : {}),
      key,
      path: `${args.fake.state.orgId}/${key}`,
      bucket: 'vapi-fake-storage',
      url,
      metadata: {},
    }),
  );
}
